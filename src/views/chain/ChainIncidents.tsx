import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainIncident } from '../../contract/chain.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { incidentResolveFlow } from '../../services/chain/flows.ts';
import { useChainIncidents } from '../../services/chain/queries.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { localTime } from '../platform/components/recordParts.tsx';
import { Loadable } from '../platform/components/Loadable.tsx';
import screens from '../platform/styles/screens.module.css';
import money from '../platform/styles/money.module.css';
import { PageButtons } from './PageButtons.tsx';
import styles from './chain.module.css';

/**
 * What the watcher flagged and never decides alone (docs/wallet.md, "Incidents"), newest first. An
 * open one can be resolved with a note once it was handled off the platform; resolving moves no money.
 */
export function ChainIncidents() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useChainIncidents(page);
  const rows = q.data?.rows ?? [];
  return (
    <section className={screens.card} aria-labelledby="adm-chain-incidents" data-testid="admin-chain-incidents">
      <div className={screens.cardHead}>
        <h2 id="adm-chain-incidents">{t('chain.console.incidents')}</h2>
      </div>
      <p className={screens.note}>{t('chain.console.incidentsIntro')}</p>
      <Loadable query={q}>
        {rows.length === 0 && <p className={money.hint}>{t('chain.console.noIncidents')}</p>}
        <ul className={styles.list}>
          {rows.map((i) => (
            <Incident key={i.id} i={i} />
          ))}
        </ul>
        <PageButtons page={page} total={q.data?.total ?? 0} size={20} onPage={setPage} />
      </Loadable>
    </section>
  );
}

function Incident({ i }: { i: ChainIncident }) {
  const { t } = useTranslation();
  const details = Object.entries(i.details).filter(([, v]) => v !== null);
  return (
    <li className={styles.item} data-testid="chain-incident" data-id={i.id} data-resolved={i.resolvedAt !== null}>
      <div className={styles.itemHead}>
        <strong>{t(`chain.console.kind.${i.kind}`)}</strong>
        <span className={money.status} data-tone={i.resolvedAt ? 'good' : 'bad'}>
          {i.resolvedAt ? t('chain.console.resolved') : t('chain.console.open')}
        </span>
      </div>
      <p className={money.hint}>
        {i.network} · {t('chain.console.block')} <span className="num">{i.blockNumber}</span>
        {i.depositId && ` · ${t('chain.console.deposit')} #${i.depositId}`} · {t('chain.console.raised')}{' '}
        <span className="num">{localTime(i.createdAt)}</span>
      </p>
      {details.length > 0 && (
        <dl className={styles.details}>
          {details.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd className={money.mono}>{String(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {i.resolvedAt ? (
        <p className={styles.resolved} data-testid="chain-incident-resolution">
          {t('chain.console.resolvedBy', { by: i.resolvedBy, at: localTime(i.resolvedAt) })}
          <br />
          <span dir="auto">{i.resolutionNote}</span>
        </p>
      ) : (
        <ResolveForm id={i.id} />
      )}
    </li>
  );
}

function ResolveForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const [note, setNote] = useState('');
  const [form, send] = useFlow(incidentResolveFlow, submissionView);
  const fieldId = `incident-note-${id}`;
  return (
    <form
      className={styles.resolve}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'incidentResolve.submit', values: { id, note } });
      }}
    >
      <label className={screens.field} htmlFor={fieldId}>
        <span>{t('chain.console.note')}</span>
        <textarea
          id={fieldId}
          rows={2}
          maxLength={1000}
          value={note}
          placeholder={t('chain.console.notePlaceholder')}
          onChange={(e) => {
            setNote(e.target.value);
            send({ type: 'incidentResolve.edit' });
          }}
          data-testid="chain-incident-note"
        />
      </label>
      {form.refusal && (
        <p className={screens.formError} role="alert" data-testid="chain-incident-error">
          {text(form.refusal)}
        </p>
      )}
      <button type="submit" className={money.secondary} disabled={form.busy} data-testid="chain-incident-resolve">
        {t('chain.console.confirmResolve')}
      </button>
    </form>
  );
}
