import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { walletApi } from '../../services/walletApi.ts';
import { userEventText } from '../../services/userEventText.ts';
import { useAction, useResource, useSession, useUserEvents } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import { LoginPrompt } from '../components/LoginPrompt.tsx';
import { Pager } from '../components/Pager.tsx';
import styles from './screens.module.css';
import wallet from '../wallet/wallet.module.css';

const SIZE = 20;

export default function Notifications() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  if (!loggedIn) return <section className={styles.card}><h1 style={{ fontSize: 24 }}>{t('account.notifications')}</h1><LoginPrompt /></section>;
  return <List />;
}

/** Notifications, newest first; unread ones stand out and can be marked read one by one or all. */
function List() {
  const { t } = useTranslation();
  const live = useUserEvents();
  const [page, setPage] = useState(1);
  const list = useResource((p: { page: number; revision: number }, signal) => walletApi.notifications({ pageNum: p.page, pageSize: SIZE }, signal), { page, revision: live.revision });
  // the bell shows what the service counts
  const unread = list.data?.unread;
  useEffect(() => {
    if (unread !== undefined) live.send({ type: 'userEvents.unread', unread });
  }, [unread, live.send]);
  const settle = (r: { unread: number }) => {
    live.send({ type: 'userEvents.unread', unread: r.unread });
    list.reload();
  };
  const readAll = useAction((_, signal) => walletApi.readAll(signal), settle);
  const readOne = useAction((v, signal) => walletApi.read([v.id], signal), settle);
  const rows = list.data?.rows ?? [];
  return (
    <section className={styles.card} aria-labelledby="ntf-title" data-testid="notifications">
      <div className={styles.cardHead}>
        <h1 id="ntf-title" style={{ fontSize: 22, margin: 0 }}>{t('account.notifications')}</h1>
        {(unread ?? 0) > 0 && (
          <button type="button" className={styles.sendCode} disabled={readAll.busy} onClick={() => { readAll.edit(); readAll.submit({}); }} data-testid="read-all">{t('account.markAllRead')}</button>
        )}
      </div>
      <Loadable loading={list.loading && !list.data} failed={list.failed} reload={list.reload}>
        {rows.length === 0 ? (
          <p className={styles.muted}>{t('account.noNotifications')}</p>
        ) : (
          <ul className={styles.list}>
            {rows.map((n) => (
              <li key={n.id} data-testid="notification" data-read={n.read} data-kind={n.kind} style={{ display: 'flex', gap: 12, alignItems: 'center', justifyContent: 'space-between' }}>
                <div style={{ display: 'grid', gap: 2, minInlineSize: 0 }}>
                  <span style={{ fontWeight: n.read ? 400 : 700 }}>
                    {!n.read && <span className="visually-hidden">{t('wallet.unreadMark')} </span>}
                    {userEventText(n)}
                  </span>
                  <span className={styles.note}>{new Date(n.createdAt).toLocaleString()}</span>
                </div>
                {!n.read && (
                  <button type="button" className={wallet.secondary} disabled={readOne.busy} onClick={() => { readOne.edit(); readOne.submit({ id: n.id }); }} data-testid="read-one">{t('wallet.markRead')}</button>
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
