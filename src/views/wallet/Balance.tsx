import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSETS, type Asset } from '../../contract/constants.ts';
import { heldAmount } from '../../contract/money.ts';
import type { AssetBalance } from '../../services/platform/types.ts';
import { useBalances } from '../../services/wallet/queries.ts';
import { useSession } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { SignedOutScreen } from '../platform/components/LoginPrompt.tsx';
import { formatMoney, formatUsdt } from '../platform/components/Figures.tsx';
import { DemoPanel } from './DemoPanel.tsx';
import { DepositPanel } from './DepositPanel.tsx';
import { WithdrawPanel } from './WithdrawPanel.tsx';
import { RecordsPanel } from './RecordsPanel.tsx';
import { ProofCheck } from '../proof/ProofCheck.tsx';
import headings from '../platform/components/headings.module.css';
import styles from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';

type Tab = 'deposit' | 'withdraw' | 'records';
const TABS: Tab[] = ['deposit', 'withdraw', 'records'];

/**
 * /profile/balance: the selected book's balances, then (real book) deposit, withdraw and records;
 * (demo book) the switch and the demo reset. What a live user event or the user's own submit
 * changed is invalidated in the query cache (services/queries/invalidation.ts, called by the
 * user-events actor and by the deposit and withdrawal flows) and asked again.
 */
export default function Balance() {
  const { t } = useTranslation();
  const { loggedIn, demo } = useSession();
  if (!loggedIn) return <SignedOutScreen className={styles.card} title={t('account.balance')} />;
  return <BalanceBody demo={demo} />;
}

function BalanceBody({ demo }: { demo: boolean }) {
  const { t } = useTranslation();
  const initial = new URLSearchParams(location.search).get('tab') as Tab | null;
  const [tab, setTab] = useState<Tab>(initial && TABS.includes(initial) ? initial : 'deposit');
  const balances = useBalances();
  return (
    <div className={styles.stack} data-testid="balance" data-book={demo ? 'demo' : 'real'}>
      <BalanceCard balances={balances} demo={demo} />
      {demo ? (
        <>
          <DemoPanel />
          <RecordsPanel demo />
        </>
      ) : (
        <>
          <div className={styles.tabs} role="tablist" aria-label={t('account.balance')}>
            {TABS.map((x) => (
              <button
                key={x}
                type="button"
                role="tab"
                aria-selected={tab === x}
                aria-controls={`wallet-${x}`}
                onClick={() => setTab(x)}
                data-testid={`tab-${x}`}
              >
                {t(x === 'records' ? 'account.records' : `account.${x}`)}
              </button>
            ))}
          </div>
          <div id={`wallet-${tab}`} role="tabpanel" className={wallet.panel}>
            {tab === 'deposit' && <DepositPanel />}
            {tab === 'withdraw' && <WithdrawPanel />}
            {tab === 'records' && <RecordsPanel demo={false} />}
          </div>
          <ProofCheck />
        </>
      )}
    </div>
  );
}

/**
 * The balances, one row per asset. While they load, the same table with the assets' names and
 * empty figures (the answer always lists every asset of ASSETS), so the panels below do not move
 * when the figures arrive.
 */
function BalanceTable({ assets }: { assets: readonly (AssetBalance | { asset: Asset })[] }) {
  const { t } = useTranslation();
  const placeholder = assets.some((a) => !('available' in a));
  const cell = (a: (typeof assets)[number], f: (b: AssetBalance) => string) => ('available' in a ? f(a) : '\u00a0');
  return (
    <div className={wallet.tableWrap}>
      <table className={styles.dataTable} data-testid={placeholder ? undefined : 'balances'}>
        <thead>
          <tr>
            <th>{t('account.asset')}</th>
            <th>{t('account.available')}</th>
            <th>{t('wallet.onHold')}</th>
            <th className={wallet.hideSmall}>{t('account.total')}</th>
            <th className={wallet.hideSmall}>{t('account.valueUsdt')}</th>
          </tr>
        </thead>
        <tbody>
          {assets.map((a) => (
            <tr key={a.asset} data-asset={placeholder ? undefined : a.asset}>
              <th scope="row">{a.asset}</th>
              <td className="num" data-testid={placeholder ? undefined : 'available'}>
                {cell(a, (b) => formatMoney(b.available, b.asset))}
              </td>
              <td className="num" data-testid={placeholder ? undefined : 'hold'}>
                {cell(a, (b) => formatMoney(heldAmount(b), b.asset))}
              </td>
              <td className={`num ${wallet.hideSmall}`}>{cell(a, (b) => formatMoney(b.total, b.asset))}</td>
              <td className={`num ${wallet.hideSmall}`}>{cell(a, (b) => (b.valueUsdt ? formatUsdt(b.valueUsdt) : '—'))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BalanceCard({ balances, demo }: { balances: ReturnType<typeof useBalances>; demo: boolean }) {
  const { t } = useTranslation();
  const data = balances.data;
  return (
    <section className={styles.card} aria-labelledby="bal-title">
      <div className={styles.cardHead}>
        <h1 id="bal-title" className={headings.barTitle}>
          {t('account.balance')} · {t(demo ? 'session.demo' : 'session.real')}
        </h1>
        <strong className="num" data-testid="balance-total">
          {data ? `≈ ${formatUsdt(data.totalUsdt)} USDT` : ''}
        </strong>
      </div>
      <Loadable query={balances} placeholder={<BalanceTable assets={ASSETS.map((asset) => ({ asset }))} />}>
        <BalanceTable assets={data?.assets ?? []} />
      </Loadable>
    </section>
  );
}
