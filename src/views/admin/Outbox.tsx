import { useTranslation } from 'react-i18next';
import { useOutbox } from '../../services/admin/queries.ts';
import { localTime } from '../platform/components/recordParts.tsx';
import { AdminList, CardTable, usePagedList } from '../platform/operator/queue.tsx';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';

/** Mail and SMS the platform sent or queued; one-time codes always show masked (the server never hands them out). */
export function Outbox() {
  const { t } = useTranslation();
  const paged = usePagedList(useOutbox);
  return (
    <AdminList id="adm-out" testId="admin-outbox" title={t('admin.sections.outbox')} {...paged.props}>
      <CardTable columns={[t('admin.time'), t('admin.recipient'), t('admin.subject'), t('admin.body')]}>
        {paged.rows.map((m) => (
          <tr key={m.id} data-testid="outbox-row" data-recipient={m.recipient}>
            <td data-label={t('admin.time')} className="num">
              {localTime(m.createdAt)}
              <br />
              <span className={wallet.hint}>
                {m.channel}
                {m.sentAt ? '' : ` · ${t('admin.queued')}`}
              </span>
            </td>
            <td data-label={t('admin.recipient')} className={styles.anywhere}>
              {m.recipient}
            </td>
            <td data-label={t('admin.subject')}>{m.subject}</td>
            <td data-label={t('admin.body')}>
              <div className={styles.body}>{m.body}</div>
              {m.error && <span className={styles.refusal}>{m.error}</span>}
            </td>
          </tr>
        ))}
      </CardTable>
    </AdminList>
  );
}
