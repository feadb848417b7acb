import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { confirmedSubmissionView } from '../../machines/platform/submission.ts';
import { pendingHold, pendingRefusal, type PendingDraft } from '../../machines/trading/pendingOrderForm.ts';
import { pendingOrderFlow } from '../../services/trading/flows.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { ConfirmBox } from './ConfirmBox.tsx';
import { DirectionTag, Figure } from './parts.tsx';
import { money, periodLabel } from './figures.ts';
import styles from './trade.module.css';

/**
 * The submit part of the trade panel for a pending entry order (src/machines/trading/pendingOrderForm.ts):
 * the problem of the draft, the review button (enabled when the machine would take the draft:
 * `can`), the confirmation (level, validity, what is held, the book) and the result. The machine
 * keeps the client key (src/machines/platform/clientKey.ts): the same order sent again after a timeout
 * answers the first one.
 */
export function PendingTicket({ draft }: { draft: PendingDraft }) {
  const { t, i18n } = useTranslation();
  const text = useRefusalText();
  const [flow, send] = useFlow(pendingOrderFlow, (s) => ({
    ...confirmedSubmissionView(s),
    // the machine's rules decide: it takes only a draft it accepts, and none while one is in flight
    canReview: s.can({ type: 'pendingOrder.submit', values: draft }),
  }));
  // what to fix, beside the button (the same rule the machine's guard applies)
  const problem = pendingRefusal(draft);
  const hold = pendingHold(draft);
  if (flow.result) {
    return (
      <div className={styles.opened} role="status" data-testid="pending-done">
        <p>{t('orders.pending.placed', { price: flow.result.entryPrice, hold: money(flow.result.hold) })}</p>
        <div className={styles.actions}>
          <Link href="/profile/orders?tab=pending" className={styles.secondaryButton}>
            {t('orders.pending.viewAll')}
          </Link>
          <button
            type="button"
            className={styles.primaryButton}
            onClick={() => send({ type: 'pendingOrder.reset' })}
            data-testid="pending-again"
          >
            {t('orders.newOrder')}
          </button>
        </div>
      </div>
    );
  }
  const c = flow.confirming;
  return (
    <>
      <dl className={styles.figures}>
        <Figure label={t('orders.pending.hold')} value={hold && money(hold)} unit="USDT" testId="fig-hold" />
      </dl>
      {problem && (
        <p className={styles.problem} data-testid="pending-problem">
          {text(problem)}
        </p>
      )}
      {flow.refusal && !problem && (
        <p className={styles.refusal} role="alert" data-testid="pending-refusal">
          {text(flow.refusal)}
        </p>
      )}
      <button
        type="button"
        className={styles.submit}
        data-dir={draft.order.direction}
        disabled={!flow.canReview}
        onClick={() => send({ type: 'pendingOrder.submit', values: draft })}
        data-testid="pending-review"
      >
        {t('orders.pending.review')}
      </button>
      {c && (
        <ConfirmBox
          title={t('orders.pending.confirmTitle')}
          book={c.book}
          busy={flow.busy}
          testId="pending-confirm"
          confirmLabel={t('orders.pending.confirmButton')}
          refusal={text(flow.refusal)}
          onConfirm={() => send({ type: 'pendingOrder.confirm' })}
          onCancel={() => send({ type: 'pendingOrder.edit' })}
        >
          <p className={styles.orderLine}>
            <strong>{c.product.code}</strong> <DirectionTag direction={c.order.direction} />{' '}
            <span className="num">{c.order.lots}</span> {t('orders.lotsUnit')} · <span className="num">{c.order.leverage}×</span>{' '}
            · {periodLabel(c.order.period, i18n.language)}
          </p>
          <dl className={styles.figures}>
            <Figure label={t(`orders.pending.kind.${c.entryKind}`)} value={c.entryPrice} testId="pending-confirm-level" />
            <Figure label={t('orders.pending.validity')} value={periodLabel(c.validity, i18n.language)} />
            <Figure label={t('orders.pending.hold')} value={pendingHold(c) && money(pendingHold(c)!)} unit="USDT" />
            <Figure label={t(c.trailing ? 'orders.trailingDistance' : 'orders.stopLoss')} value={c.order.stopLoss || null} />
            <Figure label={t('orders.takeProfit')} value={c.order.takeProfit || null} />
          </dl>
          <p className={styles.hintLine}>{t('orders.pending.explain')}</p>
        </ConfirmBox>
      )}
    </>
  );
}
