import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { OptionsPosition } from '../../contract/trading.ts';
import { confirmedSubmissionView } from '../../machines/platform/submission.ts';
import { positionCloseFlow } from '../../services/trading/flows.ts';
import { useOptionsProduct } from '../../services/trading/queries.ts';
import { useQuote, useVisibleCodes } from '../platform/app/hooks.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { CloseDialog } from './CloseDialog.tsx';
import { clockLabel, isLive, shownNet, signed, timeLabel, toneOf } from './figures.ts';
import { orderHref } from './links.ts';
import { DirectionTag, StatusTag } from './parts.tsx';
import { ColumnHeads } from './ColumnHeads.tsx';
import stops from './stops.module.css';
import styles from './trade.module.css';

/**
 * Positions as a table: open ones with their result after both fees at the live feed price (the
 * price feed actor's quote; nothing is polled: an order event invalidates the list, the feed
 * moves the figure), a link to change its stops and a Close button that asks first (the
 * positionClose flow and its dialog); closed ones with their settled result after fees. Rows lead
 * to the order's receipt, in the order's own book.
 */
export function PositionTable({
  rows,
  showCode = true,
  testId = 'positions',
}: {
  rows: readonly OptionsPosition[];
  showCode?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [close, send] = useFlow(positionCloseFlow, confirmedSubmissionView);
  const refusalText = useRefusalText();
  useVisibleCodes([...new Set(rows.filter(isLive).map((r) => r.code))]);
  const anyOpen = rows.some(isLive);
  const askClose = (p: OptionsPosition, tradable: boolean | null) => {
    // after a close, the same table may close another: the flow starts over first
    send({ type: 'positionClose.reset' });
    send({ type: 'positionClose.submit', values: { book: p.book, position: p, tradable } });
  };
  return (
    <>
      {close.refusal && (
        <p className={styles.refusal} role="alert" data-testid="close-refusal">
          {refusalText(close.refusal)}
        </p>
      )}
      {close.confirming && (
        <CloseDialog
          draft={close.confirming}
          busy={close.busy}
          onConfirm={() => send({ type: 'positionClose.confirm' })}
          onCancel={() => send({ type: 'positionClose.edit' })}
        />
      )}
      <div className={styles.tableWrap}>
        <table className={styles.positions} data-testid={testId}>
          <ColumnHeads
            cols={[
              { label: t('orders.order') },
              showCode && { label: t('orders.instrument') },
              { label: t('orders.side') },
              { label: t('orders.lots'), num: true },
              { label: t('orders.openPrice'), num: true },
              { label: anyOpen ? t('orders.lastPrice') : t('orders.closePrice'), num: true },
              { label: t('orders.net'), num: true },
              { label: anyOpen ? t('orders.expires') : t('orders.status.label') },
              anyOpen && { label: <span className="visually-hidden">{t('orders.actions')}</span> },
            ]}
          />
          <tbody>
            {rows.map((p) => (
              <PositionRow
                key={p.id}
                p={p}
                showCode={showCode}
                anyOpen={anyOpen}
                closing={close.busy && close.confirming?.position.id === p.id}
                onClose={(tradable) => askClose(p, tradable)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function PositionRow({
  p,
  showCode,
  anyOpen,
  closing,
  onClose,
}: {
  p: OptionsPosition;
  showCode: boolean;
  anyOpen: boolean;
  closing: boolean;
  onClose: (tradable: boolean | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const live = isLive(p);
  const product = useOptionsProduct(live ? p.code : '');
  const quote = useQuote(live ? p.code : undefined);
  // the outcome: after both fees, signed, coloured by its sign
  const net = shownNet(p, quote?.price);
  return (
    <tr data-testid="position-row" data-id={p.id} data-status={p.status} data-code={p.code}>
      <td data-label={t('orders.order')}>
        <Link href={orderHref(p.id, p.book)} className={`${styles.orderLink} num`} data-testid="order-link">
          {p.orderNo}
        </Link>
      </td>
      {showCode && (
        <td data-label={t('orders.instrument')}>
          <strong>{p.code}</strong>
        </td>
      )}
      <td data-label={t('orders.side')}>
        <DirectionTag direction={p.direction} /> <small className="num">{p.leverage}×</small>
      </td>
      <td data-label={t('orders.lots')} className={`${styles.numCol} num`}>
        {p.lots}
      </td>
      <td data-label={t('orders.openPrice')} className={`${styles.numCol} num`}>
        {p.openPrice}
      </td>
      <td
        data-label={live ? t('orders.lastPrice') : t('orders.closePrice')}
        className={`${styles.numCol} num`}
        data-testid="row-price"
      >
        {live ? (quote?.price ?? '—') : (p.closePrice ?? '—')}
      </td>
      <td data-label={t('orders.net')} className={`${styles.numCol} num`} data-tone={toneOf(net)} data-testid="row-pnl">
        {signed(net)}
      </td>
      <td data-label={live ? t('orders.expires') : t('orders.status.label')}>
        {live ? (
          <span className="num" title={timeLabel(p.expiresAt, i18n.language)}>
            {clockLabel(p.expiresAt, i18n.language)}
          </span>
        ) : (
          <StatusTag order={p} />
        )}
      </td>
      {anyOpen && (
        <td className={styles.actionCol}>
          {live && (
            // named by its visible word (voice control users say what they see), the order's number added for screen readers
            <Link href={orderHref(p.id, p.book)} className={stops.rowLink} data-testid="edit-stops-link">
              {t('orders.editStopsShort')}
              <span className="visually-hidden"> {p.orderNo}</span>
            </Link>
          )}
          {live && (
            <button
              type="button"
              className={styles.closeButton}
              onClick={() => onClose(product.data?.tradable ?? null)}
              disabled={closing}
              aria-busy={closing}
              data-testid="close-position"
            >
              {closing ? t('orders.closing') : t('orders.close')}
            </button>
          )}
        </td>
      )}
    </tr>
  );
}
