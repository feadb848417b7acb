import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainDeposit } from '../../contract/chain.ts';
import { chainDepositView } from '../../machines/chain/chainDeposit.ts';
import { useChainDeposits } from '../../services/chain/queries.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import { copyText, localTime, shorten } from '../platform/components/recordParts.tsx';
import { Loadable } from '../platform/components/Loadable.tsx';
import money from '../platform/styles/money.module.css';
import { PageButtons } from './PageButtons.tsx';
import styles from './chain.module.css';

const SIZE = 10;

/**
 * The customer's deposits seen on the chain, newest first: amount, coin, the transaction (short,
 * copyable) and where it stands, asked of the chart (chainDepositView): "confirming k/N" with a bar,
 * credited, dropped with its notice, below the minimum with the minimum. Nothing polls: the chain's
 * user events make this list stale and it asks again.
 */
export function ChainDeposits() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useChainDeposits(page, SIZE);
  const rows = list.data?.rows ?? [];
  return (
    <section className={styles.deposits} aria-labelledby="chain-deposits-title" data-testid="chain-deposits">
      <h3 id="chain-deposits-title">{t('chain.deposit.listTitle')}</h3>
      <Loadable query={list}>
        {rows.length === 0 && (
          <p className={money.hint} data-testid="chain-deposits-none">
            {t('chain.deposit.none')}
          </p>
        )}
        <ul className={styles.list}>
          {rows.map((d) => (
            <DepositItem key={d.id} d={d} />
          ))}
        </ul>
        <PageButtons page={page} total={list.data?.total ?? 0} size={SIZE} onPage={setPage} />
      </Loadable>
    </section>
  );
}

function DepositItem({ d }: { d: ChainDeposit }) {
  const { t } = useTranslation();
  const view = chainDepositView(d.status);
  const tone = view.confirming ? 'pending' : view.final ? 'good' : view.notice ? 'bad' : 'none';
  const label = view.confirming ? t('chain.status.confirmingOf', { k: d.confirmations, n: d.required }) : t(view.key);
  return (
    <li className={styles.item} data-testid="chain-deposit" data-status={d.status} data-tx={d.txHash}>
      <div className={styles.itemHead}>
        <span className={`num ${styles.amount}`} data-testid="chain-deposit-amount">
          {formatMoney(d.amount, d.coin)} {d.coin}
        </span>
        <span className={money.status} data-tone={tone} data-testid="chain-deposit-status">
          {label}
        </span>
      </div>
      {view.confirming && (
        <progress
          className={styles.bar}
          max={d.required}
          value={d.confirmations}
          aria-label={t('chain.status.confirmingOf', { k: d.confirmations, n: d.required })}
          data-testid="chain-deposit-bar"
        />
      )}
      {d.status === 'dropped' && (
        <p className={styles.notice} data-testid="chain-deposit-notice">
          {t(view.mayReturn ? 'chain.deposit.droppedNotice' : 'chain.deposit.droppedFinal')}
        </p>
      )}
      {d.status === 'belowMinimum' && d.minAmount && (
        <p className={styles.notice} data-testid="chain-deposit-notice">
          {t('chain.deposit.belowMinimumNotice', { min: d.minAmount, coin: d.coin })}
        </p>
      )}
      <div className={styles.meta}>
        <span className={money.hint}>
          {d.network} · <span className="num">{localTime(d.createdAt)}</span>
        </span>
        <span className={styles.tx}>
          <code className={money.mono} title={d.txHash} data-testid="chain-deposit-tx">
            {shorten(d.txHash, 6)}
          </code>
          <button
            type="button"
            className={styles.copy}
            onClick={() => copyText(d.txHash, { ok: t('wallet.copySuccess'), failed: t('wallet.copyError') })}
            aria-label={t('chain.deposit.copyTx')}
            data-testid="chain-deposit-copy"
          >
            {t('account.copy')}
          </button>
        </span>
      </div>
    </li>
  );
}
