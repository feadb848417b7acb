import { useTranslation } from 'react-i18next';
import { walletApi } from '../../services/walletApi.ts';
import { useAction, useResource, useSession } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import { LoginPrompt } from '../components/LoginPrompt.tsx';
import styles from './screens.module.css';

export default function Notifications() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  if (!loggedIn) return <section className={styles.card}><h1 style={{ fontSize: 24 }}>{t('account.notifications')}</h1><LoginPrompt /></section>;
  return <List />;
}

function List() {
  const { t } = useTranslation();
  const list = useResource((_: null, signal) => walletApi.notifications({ pageSize: 50 }, signal), null);
  const readAll = useAction((_, signal) => walletApi.readAll(signal), () => list.reload());
  const rows = list.data?.rows ?? [];
  return (
    <section className={styles.card} aria-labelledby="ntf-title" data-testid="notifications">
      <div className={styles.cardHead}>
        <h1 id="ntf-title" style={{ fontSize: 22, margin: 0 }}>{t('account.notifications')}</h1>
        {(list.data?.unread ?? 0) > 0 && <button type="button" className={styles.sendCode} disabled={readAll.busy} onClick={() => readAll.submit({})}>{t('account.markAllRead')}</button>}
      </div>
      <Loadable loading={list.loading && !list.data} failed={list.failed} reload={list.reload}>
        {rows.length === 0 ? (
          <p className={styles.muted}>{t('account.noNotifications')}</p>
        ) : (
          <ul className={styles.list}>
            {rows.map((n) => (
              <li key={n.id} style={{ fontWeight: n.read ? 400 : 700 }}>
                <span>{t(`notify.${n.kind.replace(".", "_")}`, { defaultValue: n.kind })}</span> <span className={styles.note}>{new Date(n.createdAt).toLocaleString()}</span>
              </li>
            ))}
          </ul>
        )}
      </Loadable>
    </section>
  );
}
