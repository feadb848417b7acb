import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Nft } from '../../contract/nfts.ts';
import { nftOrderFlow } from '../../services/nfts/flows.ts';
import { useAvailable } from '../../services/wallet/index.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { useSession } from '../platform/app/hooks.ts';
import dialog from '../platform/components/dialog.module.css';
import screens from '../platform/styles/screens.module.css';
import { ModeSwitch } from '../platform/shell/ModeSwitch.tsx';
import surfaces from '../platform/styles/surfaces.module.css';
import wallet from '../platform/styles/money.module.css';
import { usdt } from './common.tsx';
import styles from './nfts.module.css';
import { donationOf } from '../../contract/nftMath.ts';

const focusOnMount = (el: HTMLElement | null) => el?.focus();

/**
 * Bid or buy, as an nftOrder flow: the amount is checked first (the service's rules: 10042,
 * 10130, 10132), then a dialog states what will happen to the money, and only its confirm button
 * sends. A refusal after sending shows in the dialog; "try again" (the same client key) only when
 * no answer came. Which buttons work the dialog asks the machine (`can`), not its own rules.
 */
export function OrderPanel({ nft }: { nft: Nft }) {
  const { t } = useTranslation();
  const { loggedIn, demo } = useSession();
  if (!loggedIn) {
    return (
      <div className={styles.blocked} data-testid="nft-blocked" data-reason="login">
        <p className={surfaces.warnNote}>{t('nfts.loginToBuy')}</p>
        <Link href="/pass/login">{t('nav.login')}</Link>
      </div>
    );
  }
  if (demo) {
    return (
      <div className={styles.blocked} data-testid="nft-blocked" data-reason="demo">
        <p className={surfaces.warnNote}>{t('nfts.demoBlocked')}</p>
        <div className={surfaces.darkFrame}>
          <ModeSwitch />
        </div>
      </div>
    );
  }
  return <OrderForm nft={nft} />;
}

function OrderForm({ nft }: { nft: Nft }) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const available = useAvailable('USDT', true, 'real').data ?? null;
  const kind = nft.saleType === 'buy_now' ? ('buy' as const) : ('bid' as const);
  const minimum = kind === 'buy' ? nft.price : nft.minNextBid;
  const [amount, setAmount] = useState(minimum ?? '');
  // a new minimum (someone bid meanwhile) refills the field (adjusted while rendering, not in an effect)
  const [shownMinimum, setShownMinimum] = useState(minimum);
  if (shownMinimum !== minimum) {
    setShownMinimum(minimum);
    setAmount(minimum ?? '');
  }
  const [order, send] = useFlow(
    nftOrderFlow,
    (s) => ({
      dialog: s.hasTag('dialog'),
      busy: s.hasTag('busy'),
      values: s.context.values,
      refusal: s.matches({ ready: 'failed' }) ? s.context.refusal : null,
      // refused after sending: the dialog stays open with the reason
      sentAndFailed: s.matches({ ready: 'failed' }) && s.context.values !== null,
      // the machine's rules decide: confirm in the dialog, or "try again" (the same client key)
      // when no answer came; cancel whenever nothing is in flight
      canConfirm: s.can({ type: 'order.confirm' }),
      canCancel: s.can({ type: 'order.cancel' }),
    }),
    { id: nft.id },
  );
  useEffect(() => {
    if (!order.dialog && !order.sentAndFailed) return;
    const key = (e: KeyboardEvent) => e.key === 'Escape' && order.canCancel && send({ type: 'order.cancel' });
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [order.dialog, order.sentAndFailed, order.canCancel, send]);
  const v = order.values;
  // the service's own arithmetic (decimal, rounded down), not a float estimate
  const donation = v ? donationOf(v.amount, nft.donationShare) : '';
  const inDialog = order.dialog || order.sentAndFailed;
  return (
    <form
      className={styles.order}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'order.start', values: { kind, amount }, minimum: minimum ?? null, available });
      }}
      data-testid="nft-order"
    >
      {kind === 'bid' && (
        <label className={screens.field}>
          <span>{t('nfts.bidAmount')}</span>
          <input
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            data-testid="nft-amount"
            dir="ltr"
          />
        </label>
      )}
      {available !== null && (
        <p className={styles.muted} data-testid="nft-available">
          {t('nfts.available', { amount: usdt(available) })}
        </p>
      )}
      {order.refusal && !inDialog && (
        <p className={screens.formError} role="alert" data-testid="nft-error" data-code={order.refusal.code ?? ''}>
          {text(order.refusal)}
        </p>
      )}
      <button type="submit" className={screens.submit} data-testid="nft-submit">
        {t(kind === 'buy' ? 'nfts.buy' : 'nfts.bid')}
      </button>
      {inDialog && v && (
        <div
          className={dialog.overlay}
          role="presentation"
          onClick={(e) => e.target === e.currentTarget && order.canCancel && send({ type: 'order.cancel' })}
        >
          <div
            className={dialog.dialog}
            role="dialog"
            aria-modal="true"
            aria-labelledby="nft-confirm-title"
            aria-busy={order.busy}
            data-testid="nft-dialog"
          >
            <h2 id="nft-confirm-title">{t(kind === 'buy' ? 'nfts.confirmBuyTitle' : 'nfts.confirmBidTitle')}</h2>
            <p>
              <strong>{nft.name}</strong>
            </p>
            <p data-testid="nft-dialog-text">
              {kind === 'buy'
                ? t('nfts.confirmBuyText', { amount: usdt(v.amount, true), donation: usdt(donation, true), charity: nft.charity })
                : t('nfts.confirmBidText', { amount: usdt(v.amount, true), charity: nft.charity })}
            </p>
            <p className={styles.custody}>{t('nfts.custody')}</p>
            {order.refusal && (
              <p className={screens.formError} role="alert" data-testid="nft-error" data-code={order.refusal.code ?? ''}>
                {text(order.refusal)}
              </p>
            )}
            <div className={wallet.actions}>
              {/* while sending the button stays, disabled; after a refusal with an answer only cancel is left */}
              {(order.canConfirm || order.busy) && (
                <button
                  type="button"
                  className={screens.submit}
                  disabled={!order.canConfirm}
                  onClick={() => send({ type: 'order.confirm' })}
                  ref={focusOnMount}
                  data-testid="nft-confirm"
                >
                  {order.sentAndFailed ? t('common.retry') : t('nfts.confirm')}
                </button>
              )}
              <button
                type="button"
                className={wallet.secondary}
                disabled={!order.canCancel}
                onClick={() => send({ type: 'order.cancel' })}
                data-testid="nft-cancel"
              >
                {t('wallet.cancel')}
              </button>
            </div>
          </div>
        </div>
      )}
    </form>
  );
}
