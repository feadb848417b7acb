import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../../contract/wallet.ts';
import { payoutView } from '../../machines/wallet/withdrawal.ts';
import { shorten } from '../platform/components/recordParts.tsx';
import styles from '../platform/styles/money.module.css';

/**
 * A withdrawal's payout under its status, for the customer's records and the operators' queue: the
 * transaction (a link to the explorer when one is configured), "confirming k/N" while it is sent,
 * and whether the chain checked it ("not verified on chain" for a hash typed on an unwatched network).
 */
export function PayoutOnChain({
  w,
}: {
  w: Pick<Withdrawal, 'status' | 'payoutTxHash' | 'payoutLink' | 'confirmations' | 'required'>;
}) {
  const { t } = useTranslation();
  const view = payoutView(w);
  return (
    <>
      {w.payoutTxHash && (
        <span className={`${styles.hint} ${styles.mono} ${styles.block}`} title={w.payoutTxHash} data-testid="payout-hash">
          {w.payoutLink ? (
            <a href={w.payoutLink} target="_blank" rel="noreferrer noopener" aria-label={t('wallet.viewOnExplorer')}>
              {shorten(w.payoutTxHash, 6)}
            </a>
          ) : (
            shorten(w.payoutTxHash, 6)
          )}
        </span>
      )}
      {view.confirming && (
        <span className={`${styles.hint} ${styles.block}`} data-testid="payout-confirming">
          {t('wallet.payoutConfirming', view.confirming)}
        </span>
      )}
      {view.verified !== null && (
        <span className={`${styles.hint} ${styles.block}`} data-testid="payout-verified" data-verified={view.verified}>
          {t(view.verified ? 'wallet.verifiedOnChain' : 'wallet.notVerifiedOnChain')}
        </span>
      )}
    </>
  );
}
