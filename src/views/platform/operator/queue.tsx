import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_STATUSES } from '../../../contract/wallet.ts';
import type { Asset } from '../../../contract/constants.ts';
import type { Network } from '../../../contract/wallet.ts';
import type { RecordStatus } from '../../../services/admin/queries.ts';
import type { ReviewQueueFilter } from '../../../services/platform/queries/reviewQueue.ts';
import { Loadable } from '../components/Loadable.tsx';
import { Pager } from '../components/Pager.tsx';
import screens from '../styles/screens.module.css';
import wallet from '../styles/money.module.css';
import styles from './admin.module.css';
import { SelectHead } from './queueWork.tsx';

export const PAGE_SIZE = 20;
export type StatusFilter = RecordStatus | 'all';
// the states of the lifecycle chart (src/machines/wallet/deposit.ts; withdrawals have the same), then 'all'
const FILTERS: StatusFilter[] = [...DEPOSIT_STATUSES, 'all'];

/**
 * The queue's status filter (the waiting status first: it is the default). A money queue's by
 * default; KYC and loans give their statuses, their names and the test id they always had.
 */
export function StatusFilterSelect<S extends string = StatusFilter>({
  value,
  onChange,
  options = FILTERS as readonly string[] as readonly S[],
  label,
  testId = 'status-filter',
}: {
  value: S;
  onChange: (v: S) => void;
  options?: readonly S[];
  label?: (s: S) => string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <label className={styles.filter}>
      <span>{t('admin.filter')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as S)} data-testid={testId}>
        {options.map((f) => (
          <option key={f} value={f}>
            {label ? label(f) : t(`admin.status.${f}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The user a record belongs to: name and id. */
export function Who({ username, userId }: { username: string; userId: string }) {
  return (
    <>
      <span className={styles.who} data-testid="who">
        {username || '—'}
      </span>
      <br />
      <span className={`num ${styles.userId}`}>#{userId}</span>
    </>
  );
}

/**
 * An operator table that becomes a stack of cards on a phone: the headings given once, the rows as
 * children (each cell names its column in `data-label`, which the cards show). `selectable`: the
 * rows begin with their checkbox (src/views/platform/operator/rows.tsx SelectCell).
 */
export function CardTable({
  columns,
  selectable = false,
  children,
}: {
  columns: readonly string[];
  selectable?: boolean;
  children: ReactNode;
}) {
  return (
    <table className={`${screens.dataTable} ${styles.wide} ${styles.cards}`}>
      <thead>
        <tr>
          {selectable && <SelectHead />}
          {columns.map((c, i) => (
            <th key={i} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

type Page<R> = { rows: R[]; total: number };
type List<R> = UseQueryResult<Page<R>>;

/**
 * A paged operator list: the card with its title, tools and reload, the loading / failed /
 * empty states, the table wrapper and the pager. Each screen supplies only its table.
 */
export function AdminList<R>({
  id,
  testId,
  title,
  tools,
  list,
  rows,
  page,
  onPage,
  children,
  bar,
  after,
}: {
  id: string;
  testId: string;
  title: string;
  tools?: ReactNode;
  list: List<R>;
  rows: R[];
  page: number;
  onPage: (p: number) => void;
  children: ReactNode;
  /** between the title and the table: a queue's filters, keys and bulk tools */
  bar?: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={screens.card} aria-labelledby={id} data-testid={testId}>
      <div className={screens.cardHead}>
        <h2 id={id}>{title}</h2>
        <div className={screens.toolbar}>
          {tools}
          <button type="button" className={wallet.secondary} onClick={() => void list.refetch()} data-testid="reload">
            {t('admin.reload')}
          </button>
        </div>
      </div>
      {bar}
      <Loadable query={list}>
        {rows.length === 0 ? (
          <p className={screens.muted} data-testid="empty">
            {t('admin.empty')}
          </p>
        ) : (
          <div className={wallet.tableWrap}>{children}</div>
        )}
        <Pager page={page} total={list.data?.total ?? 0} size={PAGE_SIZE} onPage={onPage} />
      </Loadable>
      {after}
    </section>
  );
}

/** A plain operator list (outbox, audit log): its query hook, one page at a time. */
export function usePagedList<R>(useList: (f: { page: number; pageSize: number }) => List<R>) {
  const [page, setPage] = useState(1);
  const list = useList({ page, pageSize: PAGE_SIZE });
  const rows = list.data?.rows ?? [];
  // what AdminList takes, spread: <AdminList {...paged.props} …>
  return { page, setPage, list, rows, props: { list, rows, page, onPage: setPage } };
}

/** A queue's filters besides its status and page (customer, amounts, age, sort; a money queue's coin and network). */
export type QueueFilters<Own extends object = { coin?: Asset; network?: Network }> = Omit<
  ReviewQueueFilter<string, Own>,
  'status' | 'page' | 'pageSize' | 'after'
>;

/**
 * A review queue (deposits, withdrawals, KYC, loans): status filter (`initial` first: the one that
 * waits), the other filters, and keyset paging over its query hook (the cursor of each page after
 * the first is kept, so Back returns to the page before). A row reviewed on this screen gets the
 * record the service returned, in the cache (the review flow), so it keeps its new status until
 * the queue is asked for again.
 */
export function useReviewQueue<R extends { id: string }, S extends string = RecordStatus, Own extends object = object>(
  useQueue: (f: ReviewQueueFilter<S, Own>) => List<R & object>,
  initial: NoInfer<S | 'all'> = 'pending' as S,
) {
  const [status, setStatusState] = useState<S | 'all'>(initial);
  const [filters, setFiltersState] = useState<QueueFilters<Own>>({} as QueueFilters<Own>);
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const list = useQueue({
    ...filters,
    status,
    page: cursors.length + 1,
    pageSize: PAGE_SIZE,
    ...(after ? { after } : {}),
  } as ReviewQueueFilter<S, Own>);
  const next = (list.data as { next?: string | null } | undefined)?.next ?? null;
  return {
    status,
    filters,
    page: cursors.length + 1,
    setPage: (p: number) => {
      // only one step either way: a cursor names the page after the one it came with
      if (p < cursors.length + 1) setCursors((c) => c.slice(0, -1));
      else if (next) setCursors((c) => [...c, next]);
    },
    list,
    setStatus: (v: S | 'all') => {
      setStatusState(v);
      setCursors([]);
    },
    setFilters: (f: QueueFilters<Own>) => {
      setFiltersState(f);
      setCursors([]);
    },
    rows: list.data?.rows ?? [],
  };
}
