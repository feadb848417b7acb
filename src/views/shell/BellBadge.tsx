import { useTranslation } from 'react-i18next';
import { useUserEvents } from '../app/hooks.ts';
import styles from './shell.module.css';

/** Unread notifications on the bell (desktop and mobile top bars); nothing when all are read. */
export function BellBadge() {
  const { t } = useTranslation();
  const { unread } = useUserEvents();
  if (unread <= 0) return null;
  return (
    <span className={styles.badge} data-testid="bell-badge" aria-label={t('wallet.unread', { count: unread })}>
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
