import { useTranslation } from 'react-i18next';
import { useJobs } from '../../services/admin/opsQueries.ts';
import { htmlLangOf, isLanguage } from '../../i18n/languages.ts';
import { formatDateTimeIn } from '../../i18n/format.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import screens from '../platform/styles/screens.module.css';
import { CardTable } from '../platform/operator/queue.tsx';

/** A duration in the language's own unit words (Intl names milliseconds in every language we ship). */
const millis = (ms: number, language: string) =>
  new Intl.NumberFormat(isLanguage(language) ? htmlLangOf(language) : language, {
    style: 'unit',
    unit: 'millisecond',
    unitDisplay: 'short',
  }).format(ms);

/**
 * The leader jobs (read-only): which instance runs each, since when, when it last ran, how long
 * that took and its last failure, read from the table every instance writes. An operator sees
 * here that a job has no leader or has stopped running (docs/deployment.md, "Jobs").
 */
export function Jobs() {
  const { t, i18n } = useTranslation();
  const q = useJobs();
  const d = q.data;
  return (
    <section className={screens.card} aria-labelledby="adm-jobs" data-testid="admin-jobs">
      <div className={screens.cardHead}>
        <h2 id="adm-jobs">{t('admin.sections.jobs')}</h2>
        <div className={screens.toolbar}>
          <button type="button" onClick={() => void q.refetch()} disabled={q.isFetching} data-testid="jobs-refresh">
            {t('admin.jobs.refresh')}
          </button>
        </div>
      </div>
      <p className={screens.note}>
        {t('admin.jobs.note')}
        {d && <> · {t('admin.jobs.answeredBy', { instance: d.instance })}</>}
      </p>
      <Loadable query={q}>
        {d && (
          <CardTable
            columns={[
              t('admin.jobs.job'),
              t('admin.jobs.leader'),
              t('admin.jobs.since'),
              t('admin.jobs.lastRun'),
              t('admin.jobs.duration'),
              t('admin.jobs.lastError'),
            ]}
          >
            {d.jobs.map((j) => (
              <tr key={j.name} data-testid="job-row" data-job={j.name} data-led={j.instance !== null || undefined}>
                <th scope="row" data-label={t('admin.jobs.job')}>
                  {j.name}
                  <br />
                  <small>{j.what}</small>
                </th>
                <td data-label={t('admin.jobs.leader')}>
                  {j.instance ?? t('admin.jobs.noLeader')}
                  {j.here && <> ({t('admin.jobs.here')})</>}
                </td>
                <td data-label={t('admin.jobs.since')}>{j.leaderSince ? formatDateTimeIn(i18n.language, j.leaderSince) : '—'}</td>
                <td data-label={t('admin.jobs.lastRun')}>{j.lastRunAt ? formatDateTimeIn(i18n.language, j.lastRunAt) : '—'}</td>
                <td data-label={t('admin.jobs.duration')} className="num">
                  {j.lastDurationMs === null ? '—' : millis(j.lastDurationMs, i18n.language)}
                </td>
                <td data-label={t('admin.jobs.lastError')}>{j.lastError ?? '—'}</td>
              </tr>
            ))}
          </CardTable>
        )}
      </Loadable>
    </section>
  );
}
