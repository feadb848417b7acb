import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepositRecords, useStatementCsv, useStatementEvents, useWithdrawalRecords } from '../../services/wallet/queries.ts';
import { PagedTable } from './PagedTable.tsx';
import { formatMoney } from '../platform/components/Figures.tsx';
import { localTime, shorten, StatusBadge } from '../platform/components/recordParts.tsx';
import { PayoutOnChain } from './PayoutOnChain.tsx';
import { StatementEvents } from './StatementEvents.tsx';
import screens from '../platform/styles/screens.module.css';
import styles from '../platform/styles/money.module.css';

const SIZE = 10;
type Tab = 'deposits' | 'withdrawals' | 'statement';

/**
 * Deposit and withdrawal records (real book) and the statement of the selected book, paged. Live
 * user events invalidate these lists (services/queries/invalidation.ts); nothing here polls.
 */
export function RecordsPanel({ demo }: { demo: boolean }) {
  const { t } = useTranslation();
  const tabs: Tab[] = demo ? ['statement'] : ['deposits', 'withdrawals', 'statement'];
  const [chosen, setTab] = useState<Tab>('deposits');
  const tab = tabs.includes(chosen) ? chosen : tabs[0];
  return (
    <section className={screens.card} aria-labelledby="rec-title" data-testid="records">
      <div className={screens.cardHead}>
        <h2 id="rec-title">{t('account.records')}</h2>
        <div className={`${screens.tabs} ${styles.subTabs}`} role="tablist" aria-label={t('account.records')}>
          {tabs.map((x) => (
            <button
              key={x}
              type="button"
              role="tab"
              aria-selected={tab === x}
              onClick={() => setTab(x)}
              data-testid={`records-${x}`}
            >
              {t(x === 'statement' ? 'wallet.statement' : `account.${x}`)}
            </button>
          ))}
        </div>
      </div>
      {tab === 'deposits' && <Deposits />}
      {tab === 'withdrawals' && <Withdrawals />}
      {tab === 'statement' && <Statement demo={demo} />}
    </section>
  );
}

function Deposits() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      list={useDepositRecords(page, SIZE)}
      page={page}
      size={SIZE}
      onPage={setPage}
      testId="deposit-records"
      head={
        <>
          <th>{t('account.date')}</th>
          <th>{t('account.amount')}</th>
          <th className={styles.hideSmall}>{t('wallet.txHash')}</th>
          <th>{t('account.statusLabel')}</th>
        </>
      }
      row={(d) => (
        <tr key={d.id} data-testid="deposit-row" data-id={d.id} data-status={d.status}>
          <td className="num">{localTime(d.createdAt)}</td>
          <td className="num">
            {formatMoney(d.amount, d.coin)} {d.coin}
            <br />
            <span className={styles.hint}>{d.network}</span>
          </td>
          <td className={`${styles.mono} ${styles.hideSmall}`} title={d.txHash}>
            {shorten(d.txHash)}
          </td>
          <td>
            <StatusBadge kind="deposit" status={d.status} reason={d.rejectReason} />
          </td>
        </tr>
      )}
    />
  );
}

function Withdrawals() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      list={useWithdrawalRecords(page, SIZE)}
      page={page}
      size={SIZE}
      onPage={setPage}
      testId="withdrawal-records"
      head={
        <>
          <th>{t('account.date')}</th>
          <th>{t('account.amount')}</th>
          <th className={styles.hideSmall}>{t('wallet.receive')}</th>
          <th className={styles.hideSmall}>{t('wallet.address')}</th>
          <th>{t('account.statusLabel')}</th>
        </>
      }
      row={(w) => (
        <tr key={w.id} data-testid="withdrawal-row" data-id={w.id} data-status={w.status}>
          <td className="num">{localTime(w.createdAt)}</td>
          <td className="num">
            {formatMoney(w.amount, w.coin)} {w.coin}
            <br />
            <span className={styles.hint}>{t('wallet.feeShort', { fee: formatMoney(w.fee, w.coin) })}</span>
            {/* the phone hides the received column so that the status and its payout fit */}
            <span className={`${styles.hint} ${styles.showSmall}`}>
              {t('wallet.receivedShort', { amount: formatMoney(w.receiveAmount, w.coin) })}
            </span>
          </td>
          <td className={`num ${styles.hideSmall}`}>{formatMoney(w.receiveAmount, w.coin)}</td>
          <td className={`${styles.mono} ${styles.hideSmall}`} title={w.address}>
            {shorten(w.address)}
            <br />
            <span className={styles.hint}>{w.network}</span>
          </td>
          <td>
            <StatusBadge kind="withdrawal" status={w.status} reason={w.rejectReason} />
            <PayoutOnChain w={w} />
          </td>
        </tr>
      )}
    />
  );
}

/** A temporary link saves the blob under a readable name, then the object URL is freed. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Statement({ demo }: { demo: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const csv = useStatementCsv();
  const exportCsv = () =>
    csv.mutate(undefined, {
      onSuccess: (blob) => save(blob, `statement-${demo ? 'demo' : 'real'}-${new Date().toISOString().slice(0, 10)}.csv`),
    });
  return (
    <StatementEvents
      list={useStatementEvents(page, SIZE)}
      page={page}
      size={SIZE}
      onPage={setPage}
      tools={
        <div className={`${styles.actions} ${styles.toolsRow}`}>
          <button
            type="button"
            className={styles.secondary}
            disabled={csv.isPending}
            onClick={exportCsv}
            data-testid="statement-csv"
          >
            {t('wallet.exportCsv')}
          </button>
        </div>
      }
    />
  );
}
