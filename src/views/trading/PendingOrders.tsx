import { useTranslation } from 'react-i18next';
import type { PendingOrderWire } from '../../contract/pendingOrders.ts';
import { confirmedSubmissionView } from '../../machines/platform/submission.ts';
import { pendingCancelFlow } from '../../services/trading/flows.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { ConfirmBox } from './ConfirmBox.tsx';
import { DirectionTag, Figure } from './parts.tsx';
import { money, timeLabel } from './figures.ts';
import { ColumnHeads } from './ColumnHeads.tsx';
import styles from './trade.module.css';

/**
 * The book's pending entry orders (All orders, "pending"): the level, what is held, when it
 * lapses, and Cancel, which asks first (the pendingCancel flow) and returns the hold.
 */
export function PendingTable({ rows }: { rows: readonly PendingOrderWire[] }) {
  const { t, i18n } = useTranslation();
  const text = useRefusalText();
  const [flow, send] = useFlow(pendingCancelFlow, confirmedSubmissionView);
  const asking = flow.confirming ? rows.find((r) => r.id === flow.confirming!.id) : undefined;
  const ask = (o: PendingOrderWire) => {
    send({ type: 'pendingCancel.reset' });
    send({ type: 'pendingCancel.submit', values: { book: o.book, id: o.id } });
  };
  return (
    <>
      {flow.refusal && (
        <p className={styles.refusal} role="alert" data-testid="pending-cancel-refusal">
          {text(flow.refusal)}
        </p>
      )}
      {flow.confirming && (
        <ConfirmBox
          title={t('orders.pending.cancelTitle')}
          book={flow.confirming.book}
          busy={flow.busy}
          testId="pending-cancel"
          confirmLabel={t('orders.pending.cancelButton')}
          onConfirm={() => send({ type: 'pendingCancel.confirm' })}
          onCancel={() => send({ type: 'pendingCancel.edit' })}
        >
          {asking && (
            <dl className={styles.figures}>
              <Figure label={t(`orders.pending.kind.${asking.entryKind}`)} value={`${asking.code} ${asking.entryPrice}`} />
              <Figure label={t('orders.pending.holdBack')} value={money(asking.hold)} unit="USDT" />
            </dl>
          )}
        </ConfirmBox>
      )}
      <div className={styles.tableWrap}>
        <table className={styles.positions} data-testid="orders-pending">
          <ColumnHeads
            cols={[
              { label: t('orders.instrument') },
              { label: t('orders.side') },
              { label: t('orders.lots'), num: true },
              { label: t('orders.pending.level'), num: true },
              { label: t('orders.pending.hold'), num: true },
              { label: t('orders.pending.lapses') },
              { label: <span className="visually-hidden">{t('orders.actions')}</span> },
            ]}
          />
          <tbody>
            {rows.map((o) => (
              <tr key={o.id} data-testid="pending-row" data-id={o.id}>
                <td>{o.code}</td>
                <td>
                  <DirectionTag direction={o.direction} /> {t(`orders.pending.kindShort.${o.entryKind}`)}
                </td>
                <td className={`${styles.numCol} num`}>{o.lots}</td>
                <td className={`${styles.numCol} num`}>{o.entryPrice}</td>
                <td className={`${styles.numCol} num`}>{money(o.hold)}</td>
                <td>{timeLabel(o.expiresAt, i18n.language)}</td>
                <td>
                  <button
                    type="button"
                    className={styles.secondaryButton}
                    onClick={() => ask(o)}
                    disabled={flow.busy}
                    data-testid="pending-cancel-open"
                  >
                    {t('orders.pending.cancel')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
