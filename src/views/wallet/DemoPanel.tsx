import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { walletApi } from '../../services/walletApi.ts';
import { toast } from '../../services/toast.ts';
import { useAction, useSession } from '../app/hooks.ts';
import styles from './wallet.module.css';

/** Demo mode: deposits and withdrawals are for the real account; the demo book can be reset. */
export function DemoPanel({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  const { send } = useSession();
  const [confirming, setConfirming] = useState(false);
  const reset = useAction((_, signal) => walletApi.resetDemo(signal), () => {
    setConfirming(false);
    toast(t('wallet.demoResetDone'), 'success');
    onReset();
  });
  return (
    <section className={styles.notice} aria-live="polite" data-testid="demo-panel">
      <p>{t('errors:10033')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => send({ type: 'session.useReal' })} data-testid="switch-real">{t('wallet.switchReal')}</button>
        {confirming ? (
          <>
            <span>{t('wallet.demoResetConfirm')}</span>
            <button type="button" className={styles.danger} disabled={reset.busy} onClick={() => { reset.edit(); reset.submit({}); }} data-testid="demo-reset-confirm">{t('wallet.confirm')}</button>
            <button type="button" className={styles.secondary} onClick={() => setConfirming(false)}>{t('wallet.cancel')}</button>
          </>
        ) : (
          <button type="button" className={styles.secondary} onClick={() => setConfirming(true)} data-testid="demo-reset">{t('wallet.demoReset')}</button>
        )}
      </div>
    </section>
  );
}
