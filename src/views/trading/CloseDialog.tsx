import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../platform/components/useModalDialog.ts';
import { netAt, settlement } from '../../contract/optionsMath.ts';
import type { CloseDraft } from '../../machines/trading/positionClose.ts';
import { useQuote } from '../platform/app/hooks.ts';
import { BookBadge, DirectionTag, Figure } from './parts.tsx';
import { money, positionTerms, signed, toneOf } from './figures.ts';
import styles from './trade.module.css';

/**
 * The confirmation before closing a position by hand (src/machines/trading/positionClose.ts): the book in
 * large type, the position, the margin that comes back, and the result after both fees at the
 * price now, which the close realises. Like the order confirmation, the figures follow the
 * price until the user confirms; the position closes at the market price then.
 */
export function CloseDialog({
  draft,
  busy,
  onConfirm,
  onCancel,
}: {
  draft: CloseDraft;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ref = useModalDialog();
  const p = draft.position;
  const quote = useQuote(p.code);
  // the position's own terms (it settles by them), not the product's of today
  const terms = positionTerms(p);
  const price = quote?.price;
  const s = price ? settlement(terms, price) : null;
  const net = price ? netAt(terms, price) : p.net;
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="close-title"
      data-testid="close-dialog"
      data-book={draft.book}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <div className={styles.dialogHead}>
        <h2 id="close-title" tabIndex={-1}>
          {t('orders.closeTitle')}
        </h2>
        <BookBadge book={draft.book} large />
      </div>
      <p className={styles.bookWarning} data-book={draft.book}>
        {t(draft.book === 'demo' ? 'orders.closeDemo' : 'orders.closeReal')}
      </p>
      <p className={styles.orderLine}>
        <strong>{p.code}</strong> <DirectionTag direction={p.direction} /> <span className="num">{p.lots}</span>{' '}
        {t('orders.lotsUnit')} · <span className="num">{p.leverage}×</span> · <span className="num">{p.orderNo}</span>
      </p>
      <dl className={styles.figures} data-testid="close-figures">
        <Figure label={t('orders.priceNow')} value={price ?? null} testId="close-price" />
        <Figure label={t('orders.marginBack')} value={money(p.margin)} unit="USDT" testId="close-margin" />
        <Figure label={t('orders.livePnl')} value={s && signed(s.pnl)} unit="USDT" tone={s ? toneOf(s.pnl) : undefined} />
        <Figure label={t('orders.feeClose')} value={s && money(s.closeFee)} unit="USDT" />
        <Figure label={t('orders.liveNet')} value={signed(net)} unit="USDT" tone={toneOf(net)} testId="close-net" />
      </dl>
      <p className={styles.hintLine}>{t('orders.closeConsequence')}</p>
      <div className={styles.dialogActions}>
        <button type="button" className={styles.secondaryButton} onClick={onCancel} disabled={busy} data-testid="close-cancel">
          {t('orders.keepOpen')}
        </button>
        <button
          type="button"
          className={styles.submit}
          data-dir={p.direction === 'up' ? 'down' : 'up'}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
          data-testid="close-confirm"
        >
          {busy ? t('orders.closing') : t(draft.book === 'demo' ? 'orders.closeDemoButton' : 'orders.closeRealButton')}
        </button>
      </div>
    </dialog>
  );
}
