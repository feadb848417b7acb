import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../platform/components/useModalDialog.ts';
import { validOrderFigures } from '../../contract/optionsMath.ts';
import type { Book, Language } from '../../contract/constants.ts';
import { htmlLangOf } from '../../i18n/languages.ts';
import type { TicketDraft } from '../../machines/trading/orderTicket.ts';
import { useOptionsRisk } from '../../services/trading/queries.ts';
import { BookBadge, DirectionTag, Figure } from './parts.tsx';
import { money, periodLabel, signed, toneOf } from './figures.ts';
import styles from './trade.module.css';

/**
 * The order confirmation: every figure of the reviewed order, the scenario table and the book in
 * large type. The order opens at the feed price when the user confirms: the figures are at the
 * price now, and the machine checks the rules again at it (ticket.confirm carries it).
 */
export function ConfirmDialog({
  draft,
  livePrice,
  busy,
  onConfirm,
  onCancel,
}: {
  draft: TicketDraft;
  livePrice: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ref = useModalDialog();
  const { product, order } = draft;
  const stops = { stopLoss: order.stopLoss || null, takeProfit: order.takeProfit || null };
  // the same figures as the form, at the price now (the machine checks the rules again at confirm)
  const f = validOrderFigures(product, { ...order, ...stops }, livePrice, product.quoteRate);
  const scenarioLabel = (kind: string, pct: number | null) =>
    kind === 'move'
      ? t('orders.scenario.move', { pct: `${pct! > 0 ? '+' : '−'}${Math.abs(pct!)}` })
      : t(`orders.scenario.${kind}`);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="confirm-title"
      data-testid="confirm-dialog"
      data-book={draft.book}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <div className={styles.dialogHead}>
        <h2 id="confirm-title" tabIndex={-1}>
          {t('orders.confirmTitle')}
        </h2>
        <BookBadge book={draft.book} large />
      </div>
      <p className={styles.bookWarning} data-book={draft.book}>
        {t(draft.book === 'demo' ? 'orders.confirmDemo' : 'orders.confirmReal')}
      </p>
      <p className={styles.orderLine}>
        <strong>{product.code}</strong> <DirectionTag direction={order.direction} /> <span className="num">{order.lots}</span>{' '}
        {t('orders.lotsUnit')} · <span className="num">{order.leverage}×</span> · {periodLabel(order.period, i18n.language)}
      </p>
      {f === null && (
        <p className={styles.refusal} role="alert" data-testid="confirm-stale">
          {t('orders.figuresStale')}
        </p>
      )}
      {f && (
        <dl className={styles.figures} data-testid="confirm-figures">
          <Figure label={t('orders.priceNow')} value={livePrice} testId="confirm-price" />
          <Figure label={t('orders.notional')} value={money(f.notional)} unit="USDT" />
          <Figure label={t('orders.margin')} value={money(f.margin)} unit="USDT" testId="confirm-margin" />
          <Figure label={t('orders.feeOpen')} value={money(f.fee)} unit="USDT" />
          <Figure label={t('orders.feeClose')} value={money(f.fee)} unit="USDT" />
          <Figure label={t('orders.required')} value={money(f.required)} unit="USDT" />
          <Figure label={t('orders.stopLoss')} value={stops.stopLoss} />
          <Figure label={t('orders.takeProfit')} value={stops.takeProfit} />
          <Figure label={t('orders.stopOut')} value={f.stopOutPrice} />
          <Figure label={t('orders.breakeven')} value={f.breakevenPrice} />
          <Figure
            label={stops.takeProfit ? t('orders.expectedAtTp') : t('orders.expectedAt1')}
            value={signed(f.expectedReturn)}
            unit="USDT"
            tone={toneOf(f.expectedReturn)}
            testId="confirm-expected"
          />
          <Figure
            label={t('orders.maxLoss')}
            value={signed(f.maxLoss)}
            unit="USDT"
            tone={toneOf(f.maxLoss)}
            testId="confirm-maxloss"
          />
          {draft.available !== null && <Figure label={t('orders.available')} value={money(draft.available)} unit="USDT" />}
        </dl>
      )}
      {f && (
        <table className={styles.scenarios} data-testid="scenarios">
          <caption>{t('orders.scenarios')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orders.scenario.case')}</th>
              <th scope="col">{t('orders.price')}</th>
              <th scope="col">{t('orders.pnl')}</th>
              <th scope="col">{t('orders.net')}</th>
            </tr>
          </thead>
          <tbody>
            {f.scenarios.map((r) => (
              <tr key={`${r.kind}${r.movePct ?? ''}`} data-kind={r.kind}>
                <th scope="row">{scenarioLabel(r.kind, r.movePct)}</th>
                <td className="num">{r.price}</td>
                <td className="num" data-tone={toneOf(r.pnl)}>
                  {signed(r.pnl)}
                </td>
                <td className="num" data-tone={toneOf(r.net)}>
                  {signed(r.net)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <RiskLine book={draft.book} />
      <p className={styles.hintLine}>{t('orders.opensAtMarket')}</p>
      <div className={styles.dialogActions}>
        <button type="button" className={styles.secondaryButton} onClick={onCancel} disabled={busy} data-testid="confirm-cancel">
          {t('orders.back')}
        </button>
        <button
          type="button"
          className={styles.submit}
          data-dir={order.direction}
          onClick={onConfirm}
          disabled={busy || f === null}
          aria-busy={busy}
          data-testid="confirm-submit"
        >
          {busy ? t('orders.opening') : t(draft.book === 'demo' ? 'orders.confirmDemoButton' : 'orders.confirmRealButton')}
        </button>
      </div>
    </dialog>
  );
}

/**
 * How often positions lost money in this book: counted by the service from the positions closed
 * in the last 90 days, never a typed figure. Nothing is shown until it has answered.
 */
function RiskLine({ book }: { book: Book }) {
  const { t, i18n } = useTranslation();
  const risk = useOptionsRisk(book);
  const r = risk.data;
  if (!r) return null;
  const locale = htmlLangOf(i18n.language as Language);
  const text =
    r.share === null
      ? t('orders.riskNone')
      : t('orders.riskLine', {
          pct: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(Number(r.share)),
          closed: new Intl.NumberFormat(locale).format(r.closed),
        });
  return (
    <p className={styles.riskLine} data-testid="risk-line">
      {text}
    </p>
  );
}
