import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KINDS, type AlertKind, type PriceAlertWire } from '../../contract/alerts.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { alertFormFlow } from '../../services/alerts/flows.ts';
import { useAlerts, useDeleteAlert } from '../../services/alerts/queries.ts';
import { useQuote, useVisibleCodes } from '../platform/app/hooks.ts';
import { useFlow, useLatest, useRefusalText } from '../platform/app/useFlow.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { formatDecimal } from '../platform/components/Figures.tsx';
import trade from '../trading/trade.module.css';
import screens from '../platform/styles/screens.module.css';
import styles from './alerts.module.css';

const decimalsOf = (price: string | undefined) => (price?.split('.')[1] ?? '').length;

/**
 * Price alerts: on the instrument page (`code`) that instrument's alerts and a form to add one;
 * in the notification settings every alert. Each can be edited (the form, checked by the
 * alertForm flow against the live price) or deleted.
 */
export function AlertsPanel({ code, fallbackPrice }: { code?: string; fallbackPrice?: string }) {
  const { t } = useTranslation();
  const list = useAlerts(code);
  const [editing, setEditing] = useState<PriceAlertWire | null>(null);
  const remove = useDeleteAlert();
  const data = list.data;
  return (
    <section className={screens.card} aria-labelledby="alerts-title" data-testid="alerts-panel">
      <div className={screens.cardHead}>
        <h2 id="alerts-title">{t('alerts.title')}</h2>
        {data && (
          <span className={screens.muted} data-testid="alerts-count">
            {t('alerts.count', { active: data.active, limit: data.limit })}
          </span>
        )}
      </div>
      {code && !editing && <AlertForm key={`new-${code}`} code={code} fallbackPrice={fallbackPrice} />}
      {editing && <AlertForm key={editing.id} code={editing.code} alert={editing} onDone={() => setEditing(null)} />}
      <Loadable query={list}>
        {data && data.alerts.length === 0 && <p className={screens.muted}>{t('alerts.none')}</p>}
        {data && data.alerts.length > 0 && (
          <ul className={styles.list} data-testid="alerts-list">
            {data.alerts.map((a) => (
              <li
                key={a.id}
                className={`${styles.row} ${a.status === 'fired' ? styles.fired : ''}`}
                data-testid="alert-row"
                data-status={a.status}
              >
                <strong>
                  {code ? '' : `${a.code} · `}
                  {describe(t, a)}
                </strong>
                <span>
                  {a.status === 'fired' ? t('alerts.firedAt', { price: formatDecimal(a.firedPrice ?? '') }) : t('alerts.active')}
                </span>
                {a.status === 'active' && (
                  <button type="button" className={trade.secondaryButton} onClick={() => setEditing(a)} data-testid="alert-edit">
                    {t('alerts.edit')}
                  </button>
                )}
                <button
                  type="button"
                  className={trade.secondaryButton}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(a.id)}
                  data-testid="alert-delete"
                >
                  {t('alerts.delete')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Loadable>
    </section>
  );
}

function describe(t: (k: string, o?: Record<string, unknown>) => string, a: Pick<PriceAlertWire, 'kind' | 'value'>) {
  return t(`alerts.describe.${a.kind}`, { value: a.kind === 'move' ? a.value : formatDecimal(a.value) });
}

/** The form: a kind (above, below, a 24-hour move) and a value, checked against the live quote. */
function AlertForm({
  code,
  alert,
  fallbackPrice,
  onDone,
}: {
  code: string;
  alert?: PriceAlertWire;
  fallbackPrice?: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const text = useRefusalText();
  useVisibleCodes([code]);
  const quote = useQuote(code);
  const price = quote?.price ?? fallbackPrice ?? null;
  const [kind, setKind] = useState<AlertKind>(alert?.kind ?? 'above');
  const [value, setValue] = useState(alert?.value ?? '');
  const saved = useLatest(() => {
    if (alert) onDone?.();
    else setValue('');
  });
  const [form, send] = useFlow((client) => alertFormFlow(client, saved), submissionView);
  const edit = () => send({ type: form.result ? 'alertForm.reset' : 'alertForm.edit' });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({
      type: 'alertForm.submit',
      values: {
        id: alert?.id ?? null,
        code,
        kind,
        value,
        price,
        changePct: quote?.change24hPct ?? 0,
        precision: decimalsOf(price ?? undefined),
      },
    });
  };
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      data-testid="alert-form"
      aria-label={t(alert ? 'alerts.editTitle' : 'alerts.newTitle', { code })}
    >
      <p className={screens.muted}>
        {t('alerts.now', { code, price: price ? formatDecimal(price) : '—', move: (quote?.change24hPct ?? 0).toFixed(2) })}
      </p>
      <div className={trade.chips} role="group" aria-label={t('alerts.kind')}>
        {ALERT_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={kind === k}
            onClick={() => {
              setKind(k);
              edit();
            }}
            data-testid={`alert-kind-${k}`}
          >
            {t(`alerts.kinds.${k}`)}
          </button>
        ))}
      </div>
      <label className={trade.field}>
        <span>{t(kind === 'move' ? 'alerts.percent' : 'alerts.price')}</span>
        <input
          inputMode="decimal"
          value={value}
          onChange={(e) => {
            setValue(e.target.value.trim());
            edit();
          }}
          aria-invalid={form.refusal ? true : undefined}
          data-testid="alert-value"
        />
      </label>
      {form.refusal && (
        <p className={trade.refusal} role="alert" data-testid="alert-refusal" data-code={form.refusal.code ?? ''}>
          {text(form.refusal)}
        </p>
      )}
      {form.result && !alert && (
        <p role="status" data-testid="alert-saved">
          {t('alerts.saved')}
        </p>
      )}
      <div className={trade.actions}>
        {alert && (
          <button type="button" className={trade.secondaryButton} onClick={onDone}>
            {t('alerts.cancel')}
          </button>
        )}
        <button
          type="submit"
          className={trade.primaryButton}
          disabled={form.busy || value === ''}
          aria-busy={form.busy}
          data-testid="alert-save"
        >
          {t(alert ? 'alerts.saveEdit' : 'alerts.create')}
        </button>
      </div>
    </form>
  );
}
