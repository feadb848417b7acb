import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminChainSweep } from '../../contract/chain.ts';
import { useChainSweeps } from '../../services/chain/queries.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import { localTime, shorten } from '../platform/components/recordParts.tsx';
import { Loadable } from '../platform/components/Loadable.tsx';
import screens from '../platform/styles/screens.module.css';
import money from '../platform/styles/money.module.css';
import admin from '../platform/operator/admin.module.css';
import styles from './chain.module.css';

const TONE: Record<AdminChainSweep['state'], string> = {
  fueling: 'pending',
  sending: 'pending',
  sent: 'pending',
  confirmed: 'good',
  failed: 'bad',
};

/**
 * Sweeps (docs/wallet.md, "Sweeps"): deposit addresses collected to the hot wallet by the signer,
 * newest first, with the gas transfer and the sweep's hashes. Read-only: a sweep moves coins between
 * the platform's own addresses and no customer's balance.
 */
export function ChainSweeps() {
  const { t } = useTranslation();
  // the ids before which each page starts: "newer" goes back one
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const before = cursors[cursors.length - 1];
  const q = useChainSweeps(before);
  const rows = q.data?.rows ?? [];
  const next = q.data?.next ?? null;
  return (
    <section className={screens.card} aria-labelledby="adm-chain-sweeps" data-testid="admin-chain-sweeps">
      <div className={screens.cardHead}>
        <h2 id="adm-chain-sweeps">{t('chain.sweeps.title')}</h2>
      </div>
      <p className={screens.note}>{t('chain.sweeps.intro')}</p>
      <Loadable query={q}>
        {rows.length === 0 && <p className={money.hint}>{t('chain.sweeps.none')}</p>}
        {rows.length > 0 && (
          <table className={`${screens.dataTable} ${admin.cards}`}>
            <thead>
              <tr>
                <th>{t('chain.sweeps.when')}</th>
                <th>{t('chain.console.amount')}</th>
                <th>{t('chain.sweeps.from')}</th>
                <th>{t('chain.console.tx')}</th>
                <th>{t('chain.console.progress')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id} data-testid="chain-sweep" data-state={s.state} data-coin={s.coin}>
                  <td data-label={t('chain.sweeps.when')} className="num">
                    {localTime(s.createdAt)}
                  </td>
                  {/* the chain's exact amount (18 places for ETH) on hover; the screen's rule in the cell */}
                  <td data-label={t('chain.console.amount')} className="num" title={`${s.amount} ${s.coin}`}>
                    {formatMoney(s.amount, s.coin, { full: true })} {s.coin}
                  </td>
                  <td data-label={t('chain.sweeps.from')} className={money.mono} title={s.from}>
                    {shorten(s.from, 6)}
                  </td>
                  <td data-label={t('chain.console.tx')} className={money.mono}>
                    <SweepHashes s={s} />
                  </td>
                  <td data-label={t('chain.console.progress')}>
                    <span className={money.status} data-tone={TONE[s.state]}>
                      {t(`chain.sweeps.state.${s.state}`, { k: s.confirmations, n: s.required })}
                    </span>
                    {s.lastError && <p className={styles.notice}>{s.lastError}</p>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {(cursors.length > 1 || next) && (
          <div className={money.actions}>
            <button
              type="button"
              className={money.secondary}
              disabled={cursors.length <= 1}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              {t('common.prev')}
            </button>
            <button type="button" className={money.secondary} disabled={!next} onClick={() => setCursors([...cursors, next!])}>
              {t('common.next')}
            </button>
          </div>
        )}
      </Loadable>
    </section>
  );
}

function SweepHashes({ s }: { s: AdminChainSweep }) {
  const { t } = useTranslation();
  return (
    <>
      {s.fuelTxHash && (
        <span className={styles.hashLine} title={s.fuelTxHash}>
          {t('chain.sweeps.gas')} {shorten(s.fuelTxHash, 6)}
        </span>
      )}
      {s.txHash &&
        (s.link ? (
          <a href={s.link} target="_blank" rel="noreferrer noopener" className={styles.hashLine} title={s.txHash}>
            {shorten(s.txHash, 6)}
          </a>
        ) : (
          <span className={styles.hashLine} title={s.txHash}>
            {shorten(s.txHash, 6)}
          </span>
        ))}
    </>
  );
}
