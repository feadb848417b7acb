import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

/** The three looks of a remote resource: loading, failed (with retry), ready. */
export function Loadable({ loading, failed, reload, children, empty }: {
  loading: boolean;
  failed: boolean;
  reload: () => void;
  children: ReactNode;
  empty?: boolean;
}) {
  const { t } = useTranslation();
  if (failed)
    return (
      <div className={styles.state} role="alert">
        <p>{t('common.failed')}</p>
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={reload}>
          {t('common.retry')}
        </button>
      </div>
    );
  if (loading) return <div className={styles.state} aria-busy="true">{t('common.loading')}</div>;
  if (empty) return <div className={styles.state}>{t('market.empty')}</div>;
  return <>{children}</>;
}
