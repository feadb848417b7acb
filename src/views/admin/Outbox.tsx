import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../services/adminApi.ts';
import { useResource } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import { Pager } from '../components/Pager.tsx';
import { localTime } from '../wallet/parts.tsx';
import { PAGE_SIZE } from './queue.tsx';
import screens from '../screens/screens.module.css';
import wallet from '../wallet/wallet.module.css';
import styles from './admin.module.css';

/** Mail and SMS the platform sent or queued (verification codes are readable without SMTP). */
export function Outbox() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useResource((p: { page: number }, signal) => adminApi.outbox({ pageNum: p.page, pageSize: PAGE_SIZE }, signal), { page });
  const rows = list.data?.rows ?? [];
  return (
    <section className={screens.card} aria-labelledby="adm-out" data-testid="admin-outbox">
      <div className={screens.cardHead}>
        <h2 id="adm-out">{t('admin.sections.outbox')}</h2>
        <button type="button" className={wallet.secondary} onClick={list.reload}>{t('admin.reload')}</button>
      </div>
      <Loadable loading={list.loading && !list.data} failed={list.failed} reload={list.reload}>
        {rows.length === 0 ? (
          <p className={screens.muted} data-testid="empty">{t('admin.empty')}</p>
        ) : (
          <div className={wallet.tableWrap}>
            <table className={`${screens.dataTable} ${styles.wide} ${styles.cards}`}>
              <thead><tr><th>{t('admin.time')}</th><th>{t('admin.recipient')}</th><th>{t('admin.subject')}</th><th>{t('admin.body')}</th></tr></thead>
              <tbody>
                {rows.map((m) => (
                  <tr key={m.id} data-testid="outbox-row" data-recipient={m.recipient}>
                    <td data-label={t('admin.time')} className="num">{localTime(m.createdAt)}<br /><span className={wallet.hint}>{m.channel}{m.sentAt ? '' : ` · ${t('admin.queued')}`}</span></td>
                    <td data-label={t('admin.recipient')} style={{ overflowWrap: 'anywhere' }}>{m.recipient}</td>
                    <td data-label={t('admin.subject')}>{m.subject}</td>
                    <td data-label={t('admin.body')}><div className={styles.body}>{m.body}</div>{m.error && <span className={styles.refusal}>{m.error}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={page} total={list.data?.total ?? 0} size={PAGE_SIZE} onPage={setPage} />
      </Loadable>
    </section>
  );
}
