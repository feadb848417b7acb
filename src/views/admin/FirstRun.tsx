import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useAdminAddresses } from '../../services/admin/queries.ts';
import { useAdminReserve } from '../../services/smart/index.ts';
import screens from '../platform/styles/screens.module.css';
import styles from '../platform/operator/admin.module.css';

/**
 * What a fresh install needs before customers can use it, read from the service itself: an
 * enabled receive address (else deposits are closed), a funded smart-trading reserve (else no
 * plan can be bought), a chat service (else "online service" is the help centre). Shown until
 * all three are done; each step says where to do it.
 */
export function FirstRun() {
  const { t } = useTranslation();
  const addresses = useAdminAddresses();
  const reserve = useAdminReserve();
  if (!addresses.data || !reserve.data) return null;
  const steps = [
    { key: 'addresses', done: addresses.data.rows.some((r) => r.enabled), to: '/admin/addresses' },
    // a decimal string: any non-zero digit means money in the reserve
    { key: 'reserve', done: /[1-9]/.test(reserve.data.balance), to: '/admin/smart' },
  ] as const;
  if (steps.every((s) => s.done)) return null;
  return (
    <section className={screens.card} aria-labelledby="first-run-title" data-testid="first-run">
      <h2 id="first-run-title">{t('admin.firstRun.title')}</h2>
      <ol className={styles.checklist}>
        {steps.map((s) => (
          <li key={s.key} data-done={s.done} data-testid={`first-run-${s.key}`}>
            <strong>{s.done ? t('admin.firstRun.done') : t('admin.firstRun.todo')}</strong>{' '}
            {s.to && !s.done ? <Link href={s.to}>{t(`admin.firstRun.${s.key}`)}</Link> : t(`admin.firstRun.${s.key}`)}
          </li>
        ))}
      </ol>
    </section>
  );
}
