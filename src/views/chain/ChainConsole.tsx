import { useTranslation } from 'react-i18next';
import type { AdminChainNetwork } from '../../contract/chain.ts';
import { useChainNetworks } from '../../services/chain/queries.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import { localTime, shorten } from '../platform/components/recordParts.tsx';
import { Loadable } from '../platform/components/Loadable.tsx';
import screens from '../platform/styles/screens.module.css';
import money from '../platform/styles/money.module.css';
import admin from '../platform/operator/admin.module.css';
import { ChainIncidents } from './ChainIncidents.tsx';
import { ChainSweeps } from './ChainSweeps.tsx';
import styles from './chain.module.css';

/**
 * The operators' chain page (docs/wallet.md, "Deposits from the chain"): per network whether it is
 * watched, the node's head, the last processed block, the lag, the last error, the confirmations
 * setting and the deposits confirming; then the incidents and the sweeps. Read-only but for resolving an incident,
 * which moves no money.
 */
export function ChainConsole() {
  const { t } = useTranslation();
  const q = useChainNetworks();
  return (
    <>
      <section className={screens.card} aria-labelledby="adm-chain" data-testid="admin-chain">
        <div className={screens.cardHead}>
          <h2 id="adm-chain">{t('chain.console.networks')}</h2>
        </div>
        <p className={screens.note}>{t('chain.console.intro')}</p>
        <Loadable query={q}>
          <div className={styles.networks}>
            {(q.data?.rows ?? []).map((n) => (
              <NetworkCard key={n.network} n={n} />
            ))}
          </div>
        </Loadable>
      </section>
      <ChainIncidents />
      <ChainSweeps />
    </>
  );
}

function NetworkCard({ n }: { n: AdminChainNetwork }) {
  const { t } = useTranslation();
  const dash = '—';
  return (
    <article className={styles.network} data-testid="chain-network" data-network={n.network} data-watched={n.watched}>
      <div className={styles.itemHead}>
        <h3>{n.network}</h3>
        <span className={money.status} data-tone={n.watched ? 'good' : 'none'}>
          {t(n.watched ? 'chain.console.watched' : 'chain.console.notWatched')}
        </span>
      </div>
      <dl className={screens.kv}>
        <div>
          <dt>{t('chain.console.coins')}</dt>
          <dd>{n.coins.join(' · ')}</dd>
        </div>
        {n.watched && (
          <>
            <div>
              <dt>{t('chain.console.head')}</dt>
              <dd className="num" data-testid="chain-head">
                {n.head ?? dash}
              </dd>
            </div>
            <div>
              <dt>{t('chain.console.lastProcessed')}</dt>
              <dd className="num" data-testid="chain-last">
                {n.lastProcessed ?? dash}
              </dd>
            </div>
            <div>
              <dt>{t('chain.console.lag')}</dt>
              <dd className="num" data-testid="chain-lag">
                {n.lag ?? dash}
              </dd>
            </div>
            <div>
              <dt>{t('chain.console.confirmations')}</dt>
              <dd className="num">{n.confirmations ?? dash}</dd>
            </div>
          </>
        )}
      </dl>
      {n.watched && (
        <p className={n.lastError ? styles.notice : money.hint} data-testid="chain-error">
          {t('chain.console.lastError')}:{' '}
          {n.lastError ? `${n.lastError} (${n.lastErrorAt ? localTime(n.lastErrorAt) : dash})` : t('chain.console.noError')}
        </p>
      )}
      {n.watched && <Confirming n={n} />}
    </article>
  );
}

function Confirming({ n }: { n: AdminChainNetwork }) {
  const { t } = useTranslation();
  if (n.confirming.length === 0) return <p className={money.hint}>{t('chain.console.noneConfirming')}</p>;
  return (
    <>
      <h4 className={styles.subhead}>{t('chain.console.confirming', { count: n.confirming.length })}</h4>
      <table className={`${screens.dataTable} ${admin.cards}`}>
        <thead>
          <tr>
            <th>{t('chain.console.user')}</th>
            <th>{t('chain.console.amount')}</th>
            <th>{t('chain.console.tx')}</th>
            <th>{t('chain.console.block')}</th>
            <th>{t('chain.console.progress')}</th>
          </tr>
        </thead>
        <tbody>
          {n.confirming.map((d) => (
            <tr key={d.id} data-testid="chain-confirming" data-tx={d.txHash}>
              <td data-label={t('chain.console.user')} className="num">
                {d.userId}
              </td>
              <td data-label={t('chain.console.amount')} className="num">
                {formatMoney(d.amount, d.coin)} {d.coin}
              </td>
              <td data-label={t('chain.console.tx')} className={money.mono} title={d.txHash}>
                {shorten(d.txHash, 6)}
              </td>
              <td data-label={t('chain.console.block')} className="num">
                {d.blockNumber}
              </td>
              <td data-label={t('chain.console.progress')} className="num">
                {t('chain.status.confirmingOf', { k: d.confirmations, n: d.required })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
