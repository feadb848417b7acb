import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useDonations } from '../../services/nfts/queries.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import headings from '../platform/components/headings.module.css';
import screens from '../platform/styles/screens.module.css';
import { useWhen } from '../platform/components/moneyFormat.ts';
import { usdt } from './common.tsx';
import styles from './nfts.module.css';

/**
 * The public donation ledger (/nfts/donations): what the sales of charity NFTs have donated and
 * what has been paid to the charity, every sale and every payout with its transaction hash. All
 * figures are the service's sums of ledger transfers.
 */
export default function Donations() {
  const { t } = useTranslation();
  const when = useWhen();
  const d = useDonations();
  return (
    <div className={screens.stack} data-testid="nft-donations">
      <Link href="/nfts" className={styles.back}>
        {t('nfts.back')}
      </Link>
      <section className={screens.card} aria-labelledby="don-title">
        <h1 id="don-title" className={headings.pageTitle}>
          {t('nfts.donations.title')}
        </h1>
        <Loadable query={d}>
          {d.data && (
            <>
              <p className={styles.muted}>{t('nfts.donations.intro', { charity: d.data.charity })}</p>
              <dl className={styles.totals}>
                <div>
                  <dt>{t('nfts.donations.total')}</dt>
                  <dd className="num" data-testid="don-total">
                    {usdt(d.data.totalDonated)}
                  </dd>
                </div>
                <div>
                  <dt>{t('nfts.donations.paidOut')}</dt>
                  <dd className="num" data-testid="don-paid">
                    {usdt(d.data.totalPaidOut)}
                  </dd>
                </div>
                <div>
                  <dt>{t('nfts.donations.pending')}</dt>
                  <dd className="num" data-testid="don-pending">
                    {usdt(d.data.pending)}
                  </dd>
                </div>
              </dl>
              {d.data.rows.length === 0 ? (
                <p className={styles.muted}>{t('nfts.donations.none')}</p>
              ) : (
                <table className={styles.table} data-testid="don-rows">
                  <thead>
                    <tr>
                      <th>{t('nfts.time')}</th>
                      <th>{t('nfts.donations.kind')}</th>
                      <th>{t('nfts.donations.nft')}</th>
                      <th>{t('nfts.donations.gross')}</th>
                      <th>{t('nfts.donations.amount')}</th>
                      <th>{t('nfts.donations.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.data.rows.map((r) => (
                      <tr key={`${r.kind}-${r.id}`} data-testid="don-row" data-kind={r.kind} data-nft={r.nftId ?? ''}>
                        <td data-label={t('nfts.time')} className="num">
                          {when(r.time)}
                        </td>
                        <td data-label={t('nfts.donations.kind')}>
                          {t(r.kind === 'sale' ? 'nfts.donations.sale' : 'nfts.donations.payout')}
                        </td>
                        <td data-label={t('nfts.donations.nft')}>
                          {r.nftId ? <Link href={`/nfts/${r.nftId}`}>{r.nftName}</Link> : r.note || '—'}
                        </td>
                        <td data-label={t('nfts.donations.gross')} className="num">
                          {r.gross ? usdt(r.gross) : '—'}
                        </td>
                        <td data-label={t('nfts.donations.amount')} className="num" data-testid="don-amount">
                          {usdt(r.amount)}
                        </td>
                        <td data-label={t('nfts.donations.status')}>
                          {r.payoutStatus && (
                            <span className={styles.badge} data-status={r.payoutStatus === 'paid' ? 'sold' : 'listed'}>
                              {t(`nfts.donations.${r.payoutStatus}`)}
                            </span>
                          )}
                          {r.txHash && (
                            <span className={styles.hash} dir="ltr" title={r.txHash}>
                              {r.txHash}
                            </span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </>
          )}
        </Loadable>
      </section>
    </div>
  );
}
