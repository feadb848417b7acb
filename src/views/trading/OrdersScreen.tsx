import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionsOrderStatus } from '../../contract/trading.ts';
import { useBook } from '../../services/platform/queries/scope.ts';
import { useOrders, usePendingOrders } from '../../services/trading/queries.ts';
import { useSearch } from 'wouter';
import { PendingTable } from './PendingOrders.tsx';
import { useDebounced, useSession } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { SignedOutScreen } from '../platform/components/LoginPrompt.tsx';
import { Pager } from '../platform/components/Pager.tsx';
import headings from '../platform/components/headings.module.css';
import { PositionTable } from './Positions.tsx';
import { BookBadge } from './parts.tsx';
import styles from './trade.module.css';

const SIZE = 20;
type Tab = OptionsOrderStatus | 'pending';
const TABS: readonly Tab[] = ['open', 'pending', 'closed'];

/** All orders of the selected book (/profile/orders): open and closed tabs, filter by instrument, paging. */
export default function OrdersScreen() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  if (!loggedIn) return <SignedOutScreen className={styles.card} title={t('orders.allOrders')} />;
  return <Orders />;
}

function Orders() {
  const { t } = useTranslation();
  const book = useBook();
  const wanted = new URLSearchParams(useSearch()).get('tab');
  const [tab, setTab] = useState<Tab>(TABS.find((x) => x === wanted) ?? 'open');
  const status: OptionsOrderStatus = tab === 'pending' ? 'open' : tab;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const code = useDebounced(
    search
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 20),
  );
  const list = useOrders({ status, code: code || undefined, page, pageSize: SIZE }, tab !== 'pending');
  const pending = usePendingOrders(page, SIZE, tab === 'pending');
  const rows = list.data?.rows ?? [];
  return (
    <section className={styles.card} aria-labelledby="orders-title" data-testid="orders-screen">
      <div className={styles.cardHead}>
        <h1 id="orders-title" className={headings.barTitle}>
          {t('orders.allOrders')} <BookBadge book={book} />
        </h1>
      </div>
      <div className={styles.toolbar}>
        <div className={styles.tabs} role="tablist" aria-label={t('orders.allOrders')}>
          {TABS.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={tab === s}
              onClick={() => (setTab(s), setPage(1))}
              data-testid={`orders-tab-${s}`}
            >
              {t(`orders.tabs.${s}`)}
            </button>
          ))}
        </div>
        <label className={styles.filter}>
          <span className="visually-hidden">{t('orders.instrument')}</span>
          <input
            type="search"
            value={search}
            onChange={(e) => (setSearch(e.target.value), setPage(1))}
            placeholder={t('orders.filterPlaceholder')}
            data-testid="orders-filter"
          />
        </label>
      </div>
      {tab === 'pending' ? (
        <Loadable query={pending}>
          {(pending.data?.rows.length ?? 0) === 0 ? (
            <p className={styles.muted} data-testid="orders-empty">
              {t('orders.pending.none')}
            </p>
          ) : (
            <PendingTable rows={pending.data!.rows} />
          )}
          <Pager page={page} total={pending.data?.total ?? 0} size={SIZE} onPage={setPage} />
        </Loadable>
      ) : (
        <Loadable query={list}>
          {rows.length === 0 ? (
            <p className={styles.muted} data-testid="orders-empty">
              {t(status === 'open' ? 'orders.noOpen' : 'orders.noClosed')}
            </p>
          ) : (
            <PositionTable rows={rows} testId={`orders-${status}`} />
          )}
          <Pager page={page} total={list.data?.total ?? 0} size={SIZE} onPage={setPage} />
        </Loadable>
      )}
    </section>
  );
}
