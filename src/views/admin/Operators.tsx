import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useAddOperator, useDisableOperator, useOperators, type AdminOperator } from '../../services/admin/queries.ts';
import { toast } from '../../services/platform/toast.ts';
import { useAppActors } from '../platform/app/actors.tsx';
import { CardsTable } from '../platform/components/CardsTable.tsx';
import { Loadable } from '../platform/components/Loadable.tsx';
import { OperatorProposals } from './OperatorProposals.tsx';
import { localTime } from '../platform/components/recordParts.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import styles from '../platform/operator/admin.module.css';

/**
 * Operator accounts: propose adding one (the server applies the customers' password rules) or
 * disabling one; another, older operator confirms in the list of changes waiting
 * (OperatorProposals), and only then does it happen (their sessions end). Everything lands in the
 * audit log; nobody can disable themselves nor leave fewer than two active operators.
 */
export function Operators() {
  const { t } = useTranslation();
  const list = useOperators();
  const rows = list.data?.rows ?? [];
  return (
    <section className={screens.card} aria-labelledby="adm-ops" data-testid="admin-operators">
      <div className={screens.cardHead}>
        <h2 id="adm-ops">{t('admin.sections.operators')}</h2>
      </div>
      <p className={screens.muted}>
        {t('admin.operators.hint')} {t('admin.operators.twoOperators')}
      </p>
      <OperatorProposals />
      <AddOperator />
      <Loadable query={list}>
        <CardsTable
          scroll
          heads={[t('admin.operators.username'), t('admin.operators.email'), t('account.statusLabel'), t('admin.actions')]}
        >
          {rows.map((o) => (
            <OperatorRow key={o.id} row={o} />
          ))}
        </CardsTable>
      </Loadable>
    </section>
  );
}

/** The new operator's fields, in the form's order: each labelled `admin.operators.<name>`, tested as `op-<name>`. */
const OPERATOR_FIELDS = [
  { name: 'username', type: 'text', max: 20 },
  { name: 'email', type: 'email', max: 254 },
  { name: 'password', type: 'password', max: 128 },
] as const;

type NewOperator = Record<(typeof OPERATOR_FIELDS)[number]['name'], string>;
const EMPTY: NewOperator = { username: '', email: '', password: '' };

function AddOperator() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const add = useAddOperator();
  return (
    <form
      className={styles.addForm}
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(values, {
          onSuccess: () => {
            setValues(EMPTY);
            toast(t('admin.operators.proposed'), 'success');
          },
        });
      }}
      data-testid="operator-form"
    >
      {OPERATOR_FIELDS.map((f) => (
        <OperatorField
          key={f.name}
          label={t(`admin.operators.${f.name}`)}
          type={f.type}
          value={values[f.name]}
          onChange={(e) => {
            setValues({ ...values, [f.name]: e.target.value });
            add.reset();
          }}
          max={f.max}
          testId={`op-${f.name}`}
        />
      ))}
      <button type="submit" className={wallet.secondary} disabled={add.isPending} data-testid="op-add">
        {t('admin.operators.propose')}
      </button>
      {add.error && (
        <p className={`${styles.refusal} ${styles.fullRow}`} role="alert" data-testid="op-error">
          {add.error.message}
        </p>
      )}
    </form>
  );
}

function OperatorRow({ row }: { row: AdminOperator }) {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const me = useSelector(session, (s) => s.context.user?.id ?? null);
  const [confirming, setConfirming] = useState(false);
  const disable = useDisableOperator();
  const active = row.status === 'active';
  return (
    <tr data-testid="operator-row" data-username={row.username} data-status={row.status}>
      <td data-label={t('admin.operators.username')}>
        {row.username}
        {row.id === me && <span className={wallet.hint}> ({t('admin.operators.you')})</span>}
        <br />
        <span className={wallet.hint}>{localTime(row.createdAt)}</span>
        {row.probationUntil && (
          <>
            <br />
            <span className={wallet.hint} data-testid="op-probation">
              {t('admin.operators.probation', { time: localTime(row.probationUntil) })}
            </span>
          </>
        )}
      </td>
      <td data-label={t('admin.operators.email')} className={styles.anywhere}>
        {row.email ?? '—'}
      </td>
      <td data-label={t('account.statusLabel')}>
        <span className={wallet.status} data-tone={active ? 'good' : 'none'}>
          {t(active ? 'admin.enabled' : 'admin.disabled')}
        </span>
        {disable.error && (
          <span className={styles.refusal} role="alert" data-testid="op-row-error">
            {disable.error.message}
          </span>
        )}
      </td>
      <td data-label={t('admin.actions')}>
        {active && row.id !== me && (
          <div className={styles.rowActions}>
            {confirming ? (
              <>
                <button
                  type="button"
                  className={wallet.danger}
                  disabled={disable.isPending}
                  onClick={() =>
                    disable.mutate(row.id, {
                      onSuccess: () => {
                        setConfirming(false);
                        toast(t('admin.operators.proposed'), 'success');
                      },
                    })
                  }
                  data-testid="op-disable-confirm"
                >
                  {t('admin.operators.proposeDisable')}
                </button>
                <button type="button" className={wallet.secondary} onClick={() => setConfirming(false)}>
                  {t('wallet.cancel')}
                </button>
              </>
            ) : (
              <button type="button" className={wallet.secondary} onClick={() => setConfirming(true)} data-testid="op-disable">
                {t('admin.disable')}
              </button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

/** One field of the new operator's form: left to right, never filled in by the browser (a password as a new one). */
function OperatorField({
  label,
  type,
  value,
  onChange,
  max,
  testId,
}: {
  label: string;
  type: 'text' | 'email' | 'password';
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  max: number;
  testId: string;
}) {
  return (
    <label>
      <span>{label}</span>
      <input
        type={type}
        value={value}
        required
        maxLength={max}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        dir="ltr"
        onChange={onChange}
        data-testid={testId}
      />
    </label>
  );
}
