import { useTranslation } from 'react-i18next';
import type { Book } from '../../contract/constants.ts';
import type { Direction } from '../../contract/optionsMath.ts';
import type { OptionsPosition } from '../../contract/trading.ts';
import styles from './trade.module.css';

/** One figure of a definition list; '—' until it can be computed. */
export function Figure({
  label,
  value,
  unit,
  tone,
  testId,
}: {
  label: string;
  value: string | null;
  unit?: string;
  tone?: 'up' | 'down' | 'flat';
  testId?: string;
}) {
  const shown = value ?? '—';
  const dataTone = value === null ? undefined : tone;
  return (
    <div>
      <dt>{label}</dt>
      <dd className="num" data-tone={dataTone} data-testid={testId}>
        {shown}
        {value !== null && unit ? <small> {unit}</small> : null}
      </dd>
    </div>
  );
}

/** The book an order goes to (or belongs to), impossible to miss: practice money or real money. */
export function BookBadge({ book, large = false }: { book: Book; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={large ? styles.bookBadgeLarge : styles.bookBadge} data-book={book} data-testid="book-badge">
      {t(book === 'demo' ? 'orders.bookDemo' : 'orders.bookReal')}
    </span>
  );
}

export function DirectionTag({ direction }: { direction: Direction }) {
  const { t } = useTranslation();
  return (
    <span className={styles.dirTag} data-dir={direction}>
      {direction === 'up' ? '▲' : '▼'} {t(`orders.dir.${direction}`)}
    </span>
  );
}

/** open / closed with the reason it closed. */
export function StatusTag({ order }: { order: Pick<OptionsPosition, 'status' | 'closeReason' | 'delayed'> }) {
  const { t } = useTranslation();
  return (
    <span className={styles.statusTag} data-status={order.status} data-testid="order-status">
      {t(`orders.status.${order.status}`)}
      {order.closeReason && <> · {t(`orders.reason.${order.closeReason}`)}</>}
      {order.delayed && <> · {t('orders.delayed')}</>}
    </span>
  );
}
