import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useProofSummary } from '../../services/proof/queries.ts';
import { useSession } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import headings from '../platform/components/headings.module.css';
import screens from '../platform/styles/screens.module.css';
import { useWhen } from '../platform/components/moneyFormat.ts';
import { copyText } from '../platform/components/recordParts.tsx';
import { AssetTable } from './AssetTable.tsx';
import styles from './proof.module.css';

/**
 * /proof (public): the latest snapshot of liabilities (time, Merkle root, totals per asset)
 * beside what the platform holds, with the ratio, and plainly which holdings a third party
 * attested and which the platform only declared (docs/ledger.md, "Proof of liabilities").
 */
export default function ProofPage() {
  const { t } = useTranslation();
  const when = useWhen();
  const { loggedIn } = useSession();
  const summary = useProofSummary();
  const s = summary.data;
  return (
    <div className={screens.stack} data-testid="proof-page">
      <section className={screens.card} aria-labelledby="proof-title">
        <h1 id="proof-title" className={headings.pageTitle}>
          {t('proof.title')}
        </h1>
        <p className={styles.muted}>{t('proof.intro')}</p>
        <Loadable query={summary}>
          {s &&
            (s.snapshot ? (
              <>
                <dl className={styles.facts}>
                  <div>
                    <dt>{t('proof.takenAt')}</dt>
                    <dd className="num" data-testid="proof-time">
                      {when(s.snapshot.takenAt)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('proof.customers')}</dt>
                    <dd className="num">{s.snapshot.users}</dd>
                  </div>
                  {s.snapshot.chainBlock !== null && (
                    <div>
                      <dt>{t('proof.chainBlock')}</dt>
                      <dd className="num" data-testid="proof-chain-block">
                        {s.snapshot.chainBlock}
                      </dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('proof.root')}</dt>
                    <dd className={styles.rootBlock}>
                      <code className={styles.root} dir="ltr" data-testid="proof-root">
                        {s.snapshot.rootHash}
                      </code>
                      <button
                        type="button"
                        className={styles.copy}
                        onClick={() =>
                          copyText(s.snapshot!.rootHash, { ok: t('wallet.copySuccess'), failed: t('wallet.copyError') })
                        }
                        data-testid="proof-root-copy"
                      >
                        {t('proof.copyRoot')}
                      </button>
                    </dd>
                  </div>
                </dl>
                <AssetTable lines={s.assets} />
              </>
            ) : (
              <p data-testid="proof-none">{t('proof.none')}</p>
            ))}
        </Loadable>
      </section>
      <section className={screens.card} aria-labelledby="proof-what">
        <h2 id="proof-what" className={headings.barTitle}>
          {t('proof.whatTitle')}
        </h2>
        <ul className={styles.explain} data-testid="proof-explain">
          <li>
            <strong>{t('proof.whatLiabilitiesTitle')}</strong> {t('proof.whatLiabilities')}
          </li>
          <li>
            <strong>{t('proof.partsTitle')}</strong> {t('proof.whatParts')}
          </li>
          <li>
            <strong>{t('proof.onChainTitle')}</strong> {t('proof.whatOnChain')}
          </li>
          <li>
            <strong>{t('proof.attestedTitle')}</strong> {t('proof.whatAttested')}
          </li>
          <li>
            <strong>{t('proof.declaredTitle')}</strong> {t('proof.whatDeclared')}
          </li>
        </ul>
        <p className={styles.muted}>
          {t('proof.howTo')}{' '}
          {loggedIn ? (
            <Link href="/profile/balance">{t('proof.toWallet')}</Link>
          ) : (
            <Link href="/pass/login">{t('proof.signIn')}</Link>
          )}
        </p>
      </section>
      {s && (
        <section className={screens.card} aria-labelledby="proof-wallets">
          <h2 id="proof-wallets" className={headings.barTitle}>
            {t('proof.wallets')}
          </h2>
          {s.wallets.length === 0 ? (
            <p className={styles.muted}>{t('proof.noWallets')}</p>
          ) : (
            <table className={screens.dataTable} data-testid="proof-wallet-rows">
              <thead>
                <tr>
                  <th>{t('proof.asset')}</th>
                  <th>{t('proof.network')}</th>
                  <th>{t('proof.label')}</th>
                  <th>{t('proof.address')}</th>
                  <th>{t('proof.declaredAt')}</th>
                </tr>
              </thead>
              <tbody>
                {s.wallets.map((w) => (
                  <tr key={w.id}>
                    <td data-label={t('proof.asset')}>{w.asset}</td>
                    <td data-label={t('proof.network')}>{w.network}</td>
                    <td data-label={t('proof.label')}>{w.label}</td>
                    <td data-label={t('proof.address')} className={styles.hash} dir="ltr">
                      {w.address}
                    </td>
                    <td data-label={t('proof.declaredAt')} className="num">
                      {when(w.declaredAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
