import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ORDER_REF_TYPE } from '../../contract/trading.ts';
import { asUserEvent } from '../../contract/userEventKinds.ts';
import { userEventText, userEventTone } from '../../services/platform/userEventText.ts';
import { orderHref } from '../trading/links.ts';
import { useMarkRead, useNotifications } from '../../services/auth/index.ts';
import { useSession, useUserEvents } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { SignedOutScreen } from '../platform/components/LoginPrompt.tsx';
import { Pager } from '../platform/components/Pager.tsx';
import { AlertsPanel } from '../alerts/AlertsPanel.tsx';
import { useFormat } from '../platform/components/useFormat.ts';
import headings from '../platform/components/headings.module.css';
import styles from '../platform/styles/screens.module.css';
import own from './Notifications.module.css';

const SIZE = 20;

export default function Notifications() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  if (!loggedIn) return <SignedOutScreen className={styles.card} title={t('account.notifications')} />;
  return (
    <div className={styles.stack}>
      <List />
      {/* the price alerts that make notifications: listed, edited and deleted here too */}
      <AlertsPanel />
    </div>
  );
}

/**
 * Notifications, newest first; unread ones stand out and can be marked read one by one or all.
 * A live event invalidates this list (the user-events actor), so it is never polled.
 */
function List() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { send } = useUserEvents();
  const [page, setPage] = useState(1);
  const list = useNotifications(page, SIZE);
  // the bell shows what the service counts
  const unread = list.data?.unread;
  useEffect(() => {
    if (unread !== undefined) send({ type: 'userEvents.unread', unread });
  }, [unread, send]);
  const markRead = useMarkRead();
  const read = (ids: string[] | null) =>
    markRead.mutate(ids, { onSuccess: (r) => send({ type: 'userEvents.unread', unread: r.unread }) });
  const rows = list.data?.rows ?? [];
  return (
    <section className={styles.card} aria-labelledby="ntf-title" data-testid="notifications">
      <div className={styles.cardHead}>
        <h1 id="ntf-title" className={headings.barTitle}>
          {t('account.notifications')}
        </h1>
        {(unread ?? 0) > 0 && (
          <button
            type="button"
            className={styles.sendCode}
            disabled={markRead.isPending}
            onClick={() => read(null)}
            data-testid="read-all"
          >
            {t('account.markAllRead')}
          </button>
        )}
      </div>
      <Loadable query={list}>
        {rows.length === 0 ? (
          <p className={styles.muted}>{t('account.noNotifications')}</p>
        ) : (
          <ul className={styles.list}>
            {rows.map((n) => (
              <li key={n.id} className={own.item} data-testid="notification" data-read={n.read} data-kind={n.kind}>
                <div className={own.body}>
                  <span
                    className={own.text}
                    data-tone={userEventTone(asUserEvent(n)) ?? undefined}
                    data-testid="notification-text"
                  >
                    {!n.read && <span className="visually-hidden">{t('wallet.unreadMark')} </span>}
                    {n.refType === ORDER_REF_TYPE && n.refId ? (
                      <Link href={orderHref(n.refId, n.params.book)} data-testid="notification-order">
                        {userEventText(asUserEvent(n))}
                      </Link>
                    ) : (
                      userEventText(asUserEvent(n))
                    )}
                  </span>
                  <span className={styles.note}>{fmt.dateTime(n.createdAt)}</span>
                </div>
                {!n.read && (
                  <button
                    type="button"
                    className={own.markRead}
                    disabled={markRead.isPending}
                    onClick={() => read([n.id])}
                    data-testid="read-one"
                  >
                    {t('wallet.markRead')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} total={list.data?.total ?? 0} size={SIZE} onPage={setPage} />
      </Loadable>
    </section>
  );
}
