import { useTranslation } from 'react-i18next';
import { useSupportUnread } from '../../services/support/queries.ts';
import shell from '../platform/shell/shell.module.css';

/** A signed-in customer's support answers not read yet (SupportBadge loads it); nothing when none. */
export default function UnreadBadge() {
  const { t } = useTranslation();
  const unread = useSupportUnread(true).data?.unread ?? 0;
  if (unread <= 0) return null;
  return (
    <span className={shell.badge} data-testid="support-badge" aria-label={t('support.unread', { count: unread })}>
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
