import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordStatus } from '../../services/adminApi.ts';
import { useResource } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import { Pager } from '../components/Pager.tsx';
import screens from '../screens/screens.module.css';
import wallet from '../wallet/wallet.module.css';
import styles from './admin.module.css';

export const PAGE_SIZE = 20;
export type StatusFilter = RecordStatus | 'all';
const FILTERS: StatusFilter[] = ['pending', 'approved', 'rejected', 'all'];

/** The queue's status filter (pending first: it is the default). */
export function StatusFilterSelect({ value, onChange }: { value: StatusFilter; onChange: (v: StatusFilter) => void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.filter}>
      <span>{t('admin.filter')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as StatusFilter)} data-testid="status-filter">
        {FILTERS.map((f) => (
          <option key={f} value={f}>{t(`admin.status.${f}`)}</option>
        ))}
      </select>
    </label>
  );
}

/** The user a record belongs to: name and id. */
export function Who({ username, userId }: { username: string; userId: string }) {
  return (
    <>
      <span className={styles.who} data-testid="who">{username || '—'}</span>
      <br />
      <span className="num" style={{ fontSize: 12, color: 'var(--ink-3)' }}>#{userId}</span>
    </>
  );
}

type Page<R> = { rows: R[]; total: number };
type List<R> = ReturnType<typeof useResource<Page<R>, unknown>>;

/**
 * A paged operator list: the card with its title, tools and reload, the loading / failed /
 * empty states, the table wrapper and the pager. Each screen supplies only its table.
 */
export function AdminList<R>({ id, testId, title, tools, list, rows, page, onPage, children, after }: {
  id: string; testId: string; title: string; tools?: ReactNode; list: List<R>; rows: R[];
  page: number; onPage: (p: number) => void; children: ReactNode; after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={screens.card} aria-labelledby={id} data-testid={testId}>
      <div className={screens.cardHead}>
        <h2 id={id}>{title}</h2>
        <div className={screens.toolbar}>
          {tools}
          <button type="button" className={wallet.secondary} onClick={list.reload} data-testid="reload">{t('admin.reload')}</button>
        </div>
      </div>
      <Loadable loading={list.loading && !list.data} failed={list.failed} reload={list.reload}>
        {rows.length === 0 ? (
          <p className={screens.muted} data-testid="empty">{t('admin.empty')}</p>
        ) : (
          <div className={wallet.tableWrap}>{children}</div>
        )}
        <Pager page={page} total={list.data?.total ?? 0} size={PAGE_SIZE} onPage={onPage} />
      </Loadable>
      {after}
    </section>
  );
}

/** One page of a plain operator list (outbox, audit log). */
export function usePagedList<R>(load: (q: { pageNum: number; pageSize: number }, signal: AbortSignal) => Promise<Page<R>>) {
  const [page, setPage] = useState(1);
  const list = useResource((p: { page: number }, signal) => load({ pageNum: p.page, pageSize: PAGE_SIZE }, signal), { page });
  return { page, setPage, list, rows: list.data?.rows ?? [] };
}

/**
 * A review queue (deposits, withdrawals): status filter (pending first), paging, and rows
 * reviewed on this screen keeping their new status until the list is reloaded.
 */
export function useReviewQueue<R extends { id: string }>(
  load: (q: { pageNum: number; pageSize: number; status?: RecordStatus }, signal: AbortSignal) => Promise<Page<R>>,
) {
  const [status, setStatusState] = useState<StatusFilter>('pending');
  const [page, setPage] = useState(1);
  const [reviewed, setReviewed] = useState<Record<string, R>>({});
  const list = useResource(
    (p: { status: StatusFilter; page: number }, signal) =>
      load({ pageNum: p.page, pageSize: PAGE_SIZE, ...(p.status === 'all' ? {} : { status: p.status }) }, signal),
    { status, page },
  );
  return {
    status, page, setPage, list,
    setStatus: (v: StatusFilter) => { setStatusState(v); setPage(1); },
    rows: (list.data?.rows ?? []).map((r) => reviewed[r.id] ?? r),
    markReviewed: (r: R) => setReviewed((m) => ({ ...m, [r.id]: r })),
  };
}
