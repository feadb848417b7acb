import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useOrders } from '../../services/trading/queries.ts';
import { useSession } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { PositionTable } from './Positions.tsx';
import { BookBadge } from './parts.tsx';
import { useBook } from '../../services/platform/queries/scope.ts';
import styles from './trade.module.css';

/** The user's open positions on this instrument, under the chart (logged in only). */
export function OpenPositions({ code }: { code: string }) {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const book = useBook();
  const list = useOrders({ status: 'open', code, page: 1, pageSize: 50 }, loggedIn);
  if (!loggedIn) return null;
  const rows = list.data?.rows ?? [];
  return (
    <section className={styles.card} aria-labelledby="pos-title" data-testid="open-positions">
      <div className={styles.cardHead}>
        <h2 id="pos-title">
          {t('orders.openPositions')} <BookBadge book={book} />
        </h2>
        <Link href="/profile/orders" data-testid="all-orders-link">
          {t('orders.allOrders')}
        </Link>
      </div>
      <Loadable query={list}>
        {rows.length === 0 ? (
          <p className={styles.muted} data-testid="no-positions">
            {t('orders.noOpen')}
          </p>
        ) : (
          <PositionTable rows={rows} showCode={false} />
        )}
      </Loadable>
    </section>
  );
}
