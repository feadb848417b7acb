import { useTranslation } from 'react-i18next';
import type { RecordStatus } from '../../services/adminApi.ts';
import styles from './admin.module.css';

export const PAGE_SIZE = 20;
export type StatusFilter = RecordStatus | 'all';
const FILTERS: StatusFilter[] = ['pending', 'approved', 'rejected', 'all'];

/** The queue's status filter (pending first: it is the default). */
export function StatusFilterSelect({ value, onChange }: { value: StatusFilter; onChange: (v: StatusFilter) => void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.filter}>
      <span>{t('admin.filter')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as StatusFilter)} data-testid="status-filter">
        {FILTERS.map((f) => (
          <option key={f} value={f}>{t(`admin.status.${f}`)}</option>
        ))}
      </select>
    </label>
  );
}

/** The user a record belongs to: name and id. */
export function Who({ username, userId }: { username: string; userId: string }) {
  return (
    <>
      <span className={styles.who} data-testid="who">{username || '—'}</span>
      <br />
      <span className="num" style={{ fontSize: 12, color: 'var(--ink-3)' }}>#{userId}</span>
    </>
  );
}
