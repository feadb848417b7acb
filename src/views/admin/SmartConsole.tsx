import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminReserve, useAdminSmartUsers, useFundReserve, useSetSmartEnabled } from '../../services/queries/smart.ts';
import type { SmartUser } from '../../contract/smart.ts';
import { toast } from '../../services/toast.ts';
import { Loadable } from '../components/Loadable.tsx';
import { formatDecimal } from '../components/Figures.tsx';
import { localTime } from '../wallet/parts.tsx';
import screens from '../screens/screens.module.css';
import wallet from '../wallet/wallet.module.css';
import styles from './admin.module.css';
import own from './SmartConsole.module.css';
import { SmartProductsEditor, toPercent } from './SmartProductsEditor.tsx';

/**
 * Smart plans in the console: the yield reserve (figures, funding from house capital, recent
 * fundings), the products (SmartProductsEditor) and the per-user smart trading switch. Every
 * change is audited by the service; refusals show beside the form that made them.
 */
export function SmartConsole() {
  return (
    <>
      <ReservePanel />
      <SmartProductsEditor />
      <SmartUsers />
    </>
  );
}

const money = (v: string) => `${formatDecimal(v, 6)} USDT`;
const newKey = () => crypto.randomUUID();

function ReservePanel() {
  const { t } = useTranslation();
  const reserve = useAdminReserve();
  const fund = useFundReserve();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  // one key per funding meant: a retry of the same form after a failure funds once
  const [clientKey, setClientKey] = useState(newKey);
  const edit = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setClientKey(newKey());
    fund.reset();
  };
  const r = reserve.data;
  return (
    <section className={screens.card} aria-labelledby="adm-reserve" data-testid="admin-smart-reserve">
      <div className={screens.cardHead}><h2 id="adm-reserve">{t('admin.smart.reserve')}</h2></div>
      <Loadable query={reserve}>
        {r && (
          <dl className={`${screens.kv} ${own.figures}`}>
            <div><dt>{t('smart.reserve.balance')}</dt><dd className="num" data-testid="adm-reserve-balance">{money(r.balance)}</dd></div>
            <div><dt>{t('smart.reserve.committed')}</dt><dd className="num">{money(r.committedYield)}</dd></div>
            <div><dt>{t('admin.smart.outstanding')}</dt><dd className="num">{money(r.outstandingYield)}</dd></div>
            <div><dt>{t('smart.reserve.coverage')}</dt><dd className="num">{toPercent(r.coverage, 2)} %</dd></div>
            <div><dt>{t('smart.reserve.running')}</dt><dd className="num">{r.runningPlans}</dd></div>
          </dl>
        )}
      </Loadable>
      <form
        className={own.fundForm}
        onSubmit={(e) => {
          e.preventDefault();
          fund.mutate({ amount: amount.trim(), note: note.trim(), clientKey }, {
            onSuccess: () => {
              setAmount('');
              setNote('');
              setClientKey(newKey());
              toast(t('admin.saved'), 'success');
            },
          });
        }}
        data-testid="reserve-form"
      >
        <label>
          <span>{t('admin.smart.fundAmount')}</span>
          <input className={styles.cellInput} value={amount} required inputMode="decimal" maxLength={30} dir="ltr" onChange={edit(setAmount)} data-testid="reserve-amount" />
        </label>
        <label>
          <span>{t('admin.smart.note')}</span>
          <input className={styles.cellInput} value={note} required maxLength={500} onChange={edit(setNote)} data-testid="reserve-note" />
        </label>
        <button type="submit" className={wallet.secondary} disabled={fund.isPending} data-testid="reserve-fund">{t('admin.smart.fund')}</button>
        {fund.error && <p className={`${styles.refusal} ${styles.fullRow}`} role="alert" data-testid="reserve-error">{fund.error.message}</p>}
      </form>
      <p className={wallet.hint}>{t('admin.smart.fundHint')}</p>
      {r && r.fundings.length > 0 && (
        <div className={wallet.tableWrap}>
          <table className={`${screens.dataTable} ${styles.cards}`} data-testid="reserve-fundings">
            <thead><tr><th>{t('account.amount')}</th><th>{t('admin.smart.note')}</th><th>{t('admin.smart.when')}</th></tr></thead>
            <tbody>
              {r.fundings.map((f) => (
                <tr key={f.id} data-testid="funding-row">
                  <td data-label={t('account.amount')} className="num">{money(f.amount)}</td>
                  <td data-label={t('admin.smart.note')} className={styles.anywhere}>{f.note}</td>
                  <td data-label={t('admin.smart.when')}>{localTime(f.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SmartUsers() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const users = useAdminSmartUsers(q);
  const rows = users.data?.rows ?? [];
  return (
    <section className={screens.card} aria-labelledby="adm-smart-users" data-testid="admin-smart-users">
      <div className={screens.cardHead}><h2 id="adm-smart-users">{t('admin.smart.users')}</h2></div>
      <form className={own.searchForm} onSubmit={(e) => { e.preventDefault(); setQ(input.trim()); }} role="search">
        <label>
          <span>{t('admin.smart.findUser')}</span>
          <input className={styles.cellInput} value={input} maxLength={100} dir="ltr" onChange={(e) => setInput(e.target.value)} data-testid="smart-user-q" />
        </label>
        <button type="submit" className={wallet.secondary} data-testid="smart-user-search">{t('admin.smart.search')}</button>
      </form>
      {q && (
        <Loadable query={users}>
          {rows.length === 0 ? (
            <p className={screens.muted}>{t('admin.empty')}</p>
          ) : (
            <ul className={own.users}>{rows.map((u) => <SmartUserRow key={u.id} user={u} />)}</ul>
          )}
        </Loadable>
      )}
    </section>
  );
}

function SmartUserRow({ user }: { user: SmartUser }) {
  const { t } = useTranslation();
  const set = useSetSmartEnabled();
  return (
    <li className={own.user} data-testid="smart-user" data-username={user.username} data-enabled={user.smartEnabled}>
      <span>
        <strong>{user.username}</strong> <span className={styles.userId}>#{user.id}</span>
        <br /><span className={`${wallet.hint} ${styles.anywhere}`}>{user.email ?? '—'}</span>
      </span>
      <span className={wallet.status} data-tone={user.smartEnabled ? 'good' : 'none'}>{t(user.smartEnabled ? 'admin.enabled' : 'admin.disabled')}</span>
      <button
        type="button"
        className={user.smartEnabled ? wallet.danger : wallet.secondary}
        disabled={set.isPending}
        onClick={() => set.mutate({ id: user.id, smartEnabled: !user.smartEnabled }, { onSuccess: () => toast(t('admin.saved'), 'success') })}
        data-testid="smart-user-toggle"
      >
        {t(user.smartEnabled ? 'admin.smart.turnOff' : 'admin.smart.turnOn')}
      </button>
      {set.error && <span className={styles.refusal} role="alert">{set.error.message}</span>}
    </li>
  );
}
