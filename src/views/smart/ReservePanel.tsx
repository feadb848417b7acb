import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useAdminReserve, useDecideReserve, useProposeReserve } from '../../services/smart/queries.ts';
import { CAPITAL_NETWORKS, type CapitalEvidence, type FundReserveBody, type ReserveFunding } from '../../contract/smart.ts';
import { toast } from '../../services/platform/toast.ts';
import { useAppActors } from '../platform/app/actors.tsx';
import { FourEyesActions } from '../platform/components/FourEyesActions.tsx';
import { Loadable } from '../platform/components/Loadable.tsx';
import { formatDecimal, formatMoney } from '../platform/components/Figures.tsx';
import { localTime } from '../platform/components/recordParts.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';
import own from './SmartConsole.module.css';
import { toPercent } from './SmartProductsEditor.tsx';

const money = (v: string) => `${formatMoney(v, 'USDT', { full: true })} USDT`;

type Form = {
  kind: 'fund' | 'withdraw';
  amount: string;
  note: string;
  evidence: 'chain' | 'bank';
  network: (typeof CAPITAL_NETWORKS)[number];
  address: string;
  txHash: string;
  reference: string;
};
const EMPTY: Form = {
  kind: 'fund',
  amount: '',
  note: '',
  evidence: 'chain',
  network: 'TRC20',
  address: '',
  txHash: '',
  reference: '',
};

/** The form as the service's body: the evidence of the kind chosen, trimmed (the client key is the mutation's: services/queries/keyed.ts). */
function bodyOf(f: Form): Omit<FundReserveBody, 'clientKey'> {
  const evidence: CapitalEvidence =
    f.evidence === 'bank'
      ? { kind: 'bank', reference: f.reference.trim() }
      : { kind: 'chain', network: f.network, address: f.address.trim(), txHash: f.txHash.trim() };
  return { kind: f.kind, amount: f.amount.trim(), note: f.note.trim(), evidence };
}

/**
 * The yield reserve in the console (docs/smart-plans.md, "House capital"): its figures with the
 * capital declared and attested, the form that proposes house capital into or out of it with
 * where it is held, and the movements. A proposal moves nothing: another operator confirms it
 * (the service refuses the proposer, 10081) or anyone rejects it (the proposer withdraws).
 */
export function ReservePanel() {
  const { t } = useTranslation();
  const reserve = useAdminReserve();
  const propose = useProposeReserve();
  const [form, setForm] = useState(EMPTY);
  const set =
    <K extends keyof Form>(k: K) =>
    (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [k]: e.target.value as Form[K] }));
      propose.reset();
    };
  const r = reserve.data;
  const field = (
    k: 'amount' | 'note' | 'address' | 'txHash' | 'reference',
    label: string,
    extra: { ltr?: boolean; max?: number } = {},
  ) => (
    <label>
      <span>{label}</span>
      <input
        className={styles.cellInput}
        value={form[k]}
        required
        maxLength={extra.max ?? 100}
        dir={extra.ltr ? 'ltr' : undefined}
        inputMode={k === 'amount' ? 'decimal' : undefined}
        onChange={set(k)}
        data-testid={`reserve-${k}`}
      />
    </label>
  );
  return (
    <section className={screens.card} aria-labelledby="adm-reserve" data-testid="admin-smart-reserve">
      <div className={screens.cardHead}>
        <h2 id="adm-reserve">{t('admin.smart.reserve')}</h2>
      </div>
      <Loadable query={reserve}>
        {r && (
          <dl className={`${screens.kv} ${own.figures}`}>
            <div>
              <dt>{t('smart.reserve.balance')}</dt>
              <dd className="num" data-testid="adm-reserve-balance">
                {money(r.balance)}
              </dd>
            </div>
            <div>
              <dt>{t('smart.reserve.committed')}</dt>
              <dd className="num">{money(r.committedYield)}</dd>
            </div>
            <div>
              <dt>{t('admin.smart.outstanding')}</dt>
              <dd className="num">{money(r.outstandingYield)}</dd>
            </div>
            <div>
              <dt>{t('smart.reserve.coverage')}</dt>
              <dd className="num">{toPercent(r.coverage, 2)} %</dd>
            </div>
            <div>
              <dt>{t('smart.reserve.running')}</dt>
              <dd className="num">{r.runningPlans}</dd>
            </div>
            <div>
              <dt>{t('admin.smart.declared')}</dt>
              <dd className="num" data-testid="adm-reserve-declared">
                {money(r.declaredCapital)}
              </dd>
            </div>
            <div>
              <dt>{t('admin.smart.attested')}</dt>
              <dd className="num" data-testid="adm-reserve-attested">
                {r.attestedHoldings === null ? t('smart.reserve.noneAttested') : money(r.attestedHoldings)}
              </dd>
            </div>
          </dl>
        )}
      </Loadable>
      <form
        className={own.proposeForm}
        onSubmit={(e) => {
          e.preventDefault();
          propose.mutate(bodyOf(form), {
            onSuccess: () => {
              setForm(EMPTY);
              toast(t('admin.smart.proposed'), 'success');
            },
          });
        }}
        data-testid="reserve-form"
      >
        <label>
          <span>{t('admin.smart.kind')}</span>
          <select className={styles.cellInput} value={form.kind} onChange={set('kind')} data-testid="reserve-kind">
            <option value="fund">{t('admin.smart.kindFund')}</option>
            <option value="withdraw">{t('admin.smart.kindWithdraw')}</option>
          </select>
        </label>
        {field('amount', t('admin.smart.fundAmount'), { ltr: true, max: 30 })}
        {field('note', t('admin.smart.note'), { max: 500 })}
        <label>
          <span>{t('admin.smart.evidence')}</span>
          <select className={styles.cellInput} value={form.evidence} onChange={set('evidence')} data-testid="reserve-evidence">
            <option value="chain">{t('admin.smart.evidenceChain')}</option>
            <option value="bank">{t('admin.smart.evidenceBank')}</option>
          </select>
        </label>
        {form.evidence === 'chain' ? (
          <>
            <label>
              <span>{t('admin.smart.network')}</span>
              <select className={styles.cellInput} value={form.network} onChange={set('network')} data-testid="reserve-network">
                {CAPITAL_NETWORKS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            {field('address', t('admin.smart.address'), { ltr: true })}
            {field('txHash', t('admin.smart.txHash'), { ltr: true })}
          </>
        ) : (
          field('reference', t('admin.smart.reference'), { ltr: true })
        )}
        <button type="submit" className={wallet.secondary} disabled={propose.isPending} data-testid="reserve-propose">
          {t('admin.smart.propose')}
        </button>
        {propose.error && (
          <p className={`${styles.refusal} ${styles.fullRow}`} role="alert" data-testid="reserve-error">
            {propose.error.message}
          </p>
        )}
      </form>
      <p className={wallet.hint}>{t('admin.smart.fundHint', { max: r ? formatDecimal(r.fundingMax, 0) : '…' })}</p>
      {r && r.fundings.length > 0 && (
        <ul className={screens.list} data-testid="reserve-fundings">
          {r.fundings.map((f) => (
            <Movement key={f.id} f={f} />
          ))}
        </ul>
      )}
    </section>
  );
}

function evidenceText(f: ReserveFunding, none: string): string {
  if (!f.evidence) return none;
  return f.evidence.kind === 'bank' ? f.evidence.reference : `${f.evidence.network} ${f.evidence.address} · ${f.evidence.txHash}`;
}

/** One movement: what, where the capital is, who proposed and decided; confirm or reject while proposed. */
function Movement({ f }: { f: ReserveFunding }) {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const me = useSelector(session, (s) => s.context.user?.id ?? null);
  const decide = useDecideReserve();
  const run = (decision: 'confirm' | 'reject') =>
    decide.mutate({ id: f.id, decision }, { onSuccess: () => toast(t('admin.saved'), 'success') });
  const status = {
    proposed: 'admin.smart.statusProposed',
    confirmed: 'admin.smart.statusConfirmed',
    rejected: 'admin.smart.statusRejected',
  } as const;
  return (
    <li data-testid="funding-row" data-id={f.id} data-status={f.status} data-kind={f.kind}>
      <strong className="num">
        {t(f.kind === 'fund' ? 'admin.smart.kindFund' : 'admin.smart.kindWithdraw')}: {money(f.amount)}
      </strong>{' '}
      <span className={wallet.status} data-tone={f.status === 'confirmed' ? 'good' : f.status === 'proposed' ? 'pending' : 'bad'}>
        {t(status[f.status])}
      </span>
      <br />
      <span className={styles.anywhere}>{f.note}</span>
      <br />
      <span className={`${wallet.hint} ${styles.anywhere}`} dir="ltr">
        {evidenceText(f, t('admin.smart.noEvidence'))}
      </span>
      <br />
      <span className={wallet.hint}>
        {t('admin.operators.proposedBy', { name: f.operatorName, time: localTime(f.createdAt) })}
        {f.decidedByName !== null && <> · {t('admin.smart.decidedBy', { name: f.decidedByName })}</>}
      </span>
      {f.status === 'proposed' && (
        <FourEyesActions mine={f.operatorId === me} busy={decide.isPending} onDecide={run} testPrefix="funding" />
      )}
      {decide.error && (
        <p className={styles.refusal} role="alert" data-testid="funding-error">
          {decide.error.message}
        </p>
      )}
    </li>
  );
}
