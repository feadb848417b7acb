import { useTranslation } from 'react-i18next';
import { useAuditLog } from '../../services/admin/queries.ts';
import { localTime } from '../platform/components/recordParts.tsx';
import { AdminList, CardTable, usePagedList } from '../platform/operator/queue.tsx';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';

/** before / after of an audited change as indented JSON (null: nothing before a create, after a delete). */
const readable = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** Every operator action, newest first (append-only on the server: nothing here edits it). */
export function AuditLog() {
  const { t } = useTranslation();
  const paged = usePagedList(useAuditLog);
  return (
    <AdminList id="adm-audit" testId="admin-audit" title={t('admin.sections.audit')} {...paged.props}>
      <CardTable
        columns={[t('admin.time'), t('admin.who'), t('admin.action'), t('admin.target'), t('admin.before'), t('admin.after')]}
      >
        {paged.rows.map((a) => (
          <tr key={a.id} data-testid="audit-row" data-action={a.action} data-target={`${a.targetType}:${a.targetId}`}>
            <td data-label={t('admin.time')} className="num">
              {localTime(a.createdAt)}
            </td>
            <td data-label={t('admin.who')} className="num">
              #{a.actorId}
            </td>
            <td data-label={t('admin.action')} className={wallet.mono}>
              {a.action}
            </td>
            <td data-label={t('admin.target')} className={wallet.mono}>
              {a.targetType} #{a.targetId}
            </td>
            <td data-label={t('admin.before')}>
              <pre className={styles.json} data-testid="audit-before">
                {readable(a.before)}
              </pre>
            </td>
            <td data-label={t('admin.after')}>
              <pre className={styles.json} data-testid="audit-after">
                {readable(a.after)}
              </pre>
            </td>
          </tr>
        ))}
      </CardTable>
    </AdminList>
  );
}
