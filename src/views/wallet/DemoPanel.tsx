import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetDemo } from '../../services/wallet/queries.ts';
import { toast } from '../../services/platform/toast.ts';
import { useSession } from '../platform/app/hooks.ts';
import styles from '../platform/styles/money.module.css';

/**
 * Demo mode: deposits and withdrawals are for the real account; the demo book can be reset
 * (its balances, records and statement are then asked again: useResetDemo invalidates them).
 */
export function DemoPanel() {
  const { t } = useTranslation();
  const { send } = useSession();
  const [confirming, setConfirming] = useState(false);
  const reset = useResetDemo();
  const confirm = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast(t('wallet.demoResetDone'), 'success');
      },
    });
  return (
    <section className={styles.notice} aria-live="polite" data-testid="demo-panel">
      <p>{t('errors:10033')}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => send({ type: 'session.useReal' })}
          data-testid="switch-real"
        >
          {t('wallet.switchReal')}
        </button>
        {confirming ? (
          <>
            <span>{t('wallet.demoResetConfirm')}</span>
            <button
              type="button"
              className={styles.danger}
              disabled={reset.isPending}
              onClick={confirm}
              data-testid="demo-reset-confirm"
            >
              {t('wallet.confirm')}
            </button>
            <button type="button" className={styles.secondary} onClick={() => setConfirming(false)}>
              {t('wallet.cancel')}
            </button>
          </>
        ) : (
          <button type="button" className={styles.secondary} onClick={() => setConfirming(true)} data-testid="demo-reset">
            {t('wallet.demoReset')}
          </button>
        )}
      </div>
    </section>
  );
}
