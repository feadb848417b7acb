import { useTranslation } from 'react-i18next';
import { useUserEvents } from '../app/hooks.ts';
import styles from './shell.module.css';

/**
 * Unread notifications on the bell (desktop and mobile top bars); nothing when all are read. The
 * count is part of the bell's name ("Notifications, 3 unread"): the link has no aria-label, its
 * name comes from its content, so the visible number is always in it (axe label-content-name-mismatch).
 */
export function BellBadge() {
  const { t } = useTranslation();
  const { unread } = useUserEvents();
  if (unread <= 0) return null;
  return (
    <>
      <span className={styles.badge} data-testid="bell-badge" aria-hidden="true">
        {unread > 99 ? '99+' : unread}
      </span>
      <span className="visually-hidden">{`, ${t('wallet.unread', { count: unread })}`}</span>
    </>
  );
}
