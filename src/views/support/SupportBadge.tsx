import { useTranslation } from 'react-i18next';
import { useSupportUnread } from '../../services/queries/support.ts';
import { useSession } from '../app/hooks.ts';
import shell from '../shell/shell.module.css';

/** Support answers not read yet, on the service button (both top bars); nothing when none. */
export function SupportBadge() {
  const { t } = useTranslation();
  const { loggedIn, user } = useSession();
  const unread = useSupportUnread(loggedIn && user?.role !== 'operator').data?.unread ?? 0;
  if (unread <= 0) return null;
  return (
    <span className={shell.badge} data-testid="support-badge" aria-label={t('support.unread', { count: unread })}>
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
