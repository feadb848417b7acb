import { useTranslation } from 'react-i18next';
import { walletApi } from '../../services/walletApi.ts';
import { useResource, useSession } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import { LoginPrompt } from '../components/LoginPrompt.tsx';
import { formatDecimal } from '../components/Figures.tsx';
import styles from './screens.module.css';

export default function Balance() {
  const { t } = useTranslation();
  const { loggedIn, demo } = useSession();
  if (!loggedIn) return <section className={styles.card}><h1 style={{ fontSize: 24 }}>{t('account.balance')}</h1><LoginPrompt /></section>;
  return <BalanceBody demo={demo} t={t} />;
}

function BalanceBody({ demo, t }: { demo: boolean; t: (k: string) => string }) {
  const balances = useResource((_: { demo: boolean }, signal) => walletApi.balances(signal), { demo });
  const deposits = useResource((_: { demo: boolean }, signal) => walletApi.deposits({ pageSize: 20 }, signal), { demo });
  const withdrawals = useResource((_: { demo: boolean }, signal) => walletApi.withdrawals({ pageSize: 20 }, signal), { demo });
  const b = balances.data;
  return (
    <div className={styles.stack} data-testid="balance">
      <section className={styles.card} aria-labelledby="bal-title">
        <div className={styles.cardHead}>
          <h1 id="bal-title" style={{ fontSize: 22, margin: 0 }}>{t('account.balance')} · {t(demo ? 'session.demo' : 'session.real')}</h1>
          <strong className="num">{b ? `${formatDecimal(b.totalUsdt, 2)} USDT` : ''}</strong>
        </div>
        <Loadable loading={balances.loading && !b} failed={balances.failed} reload={balances.reload}>
          <table className={styles.dataTable}>
            <thead><tr><th>{t('account.asset')}</th><th>{t('account.available')}</th><th>{t('account.total')}</th><th>{t('account.valueUsdt')}</th></tr></thead>
            <tbody>
              {(b?.assets ?? []).map((a) => (
                <tr key={a.asset}><td>{a.asset}</td><td className="num">{formatDecimal(a.available)}</td><td className="num">{formatDecimal(a.total)}</td><td className="num">{a.valueUsdt ? formatDecimal(a.valueUsdt, 2) : '—'}</td></tr>
              ))}
            </tbody>
          </table>
        </Loadable>
      </section>
      <Records title={t('account.deposits')} state={deposits} rows={(deposits.data?.rows ?? []).map((d) => ({ id: d.id, time: d.createdAt, amount: `${formatDecimal(d.amount)} ${d.coin}`, status: d.status }))} t={t} />
      <Records title={t('account.withdrawals')} state={withdrawals} rows={(withdrawals.data?.rows ?? []).map((w) => ({ id: w.id, time: w.createdAt, amount: `${formatDecimal(w.amount)} ${w.coin}`, status: w.status }))} t={t} />
    </div>
  );
}

function Records({ title, state, rows, t }: { title: string; state: { loading: boolean; failed: boolean; reload: () => void }; rows: { id: string; time: string; amount: string; status: string }[]; t: (k: string) => string }) {
  return (
    <section className={styles.card} aria-label={title}>
      <h2 style={{ fontSize: 18 }}>{title}</h2>
      <Loadable loading={state.loading && rows.length === 0} failed={state.failed} reload={state.reload}>
        {rows.length === 0 ? (
          <p className={styles.muted}>{t('account.noRecords')}</p>
        ) : (
          <table className={styles.dataTable}>
            <thead><tr><th>{t('account.date')}</th><th>{t('account.amount')}</th><th>{t('account.statusLabel')}</th></tr></thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}><td className="num">{new Date(r.time).toLocaleString()}</td><td className="num">{r.amount}</td><td>{t(`account.status.${r.status}`)}</td></tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </section>
  );
}
