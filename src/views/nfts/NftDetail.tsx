import { useEffect } from 'react';
import { Link, useParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { NftDetail as Detail } from '../../contract/nfts.ts';
import { useNft } from '../../services/nfts/queries.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import headings from '../platform/components/headings.module.css';
import screens from '../platform/styles/screens.module.css';
import { useWhen } from '../platform/components/moneyFormat.ts';
import { Countdown, Creator, CustodyNote, StatusBadge, usdt, useNow } from './common.tsx';
import { OrderPanel } from './OrderPanel.tsx';
import styles from './nfts.module.css';

/**
 * One NFT (/nfts/:id): the artwork, creator, chain, contract address and token id, custody, the
 * sale (price, or current bid, minimum next bid and the countdown), bid or buy through the
 * confirmation dialog, the bid history and what its sale has donated. When the countdown ends
 * the answer is asked again a few seconds later (the scheduler settles on the service).
 */
export default function NftDetail() {
  const { id = '' } = useParams<{ id: string }>();
  const nft = useNft(id);
  return (
    <div className={screens.stack} data-testid="nft-detail">
      <Loadable query={nft}>{nft.data && <DetailView d={nft.data} refetch={nft.refetch} />}</Loadable>
    </div>
  );
}

function DetailView({ d, refetch }: { d: Detail; refetch: () => unknown }) {
  const { t } = useTranslation();
  const now = useNow();
  const when = useWhen();
  const n = d.nft;
  const ended = n.status === 'auction' && n.endTime !== null && Date.parse(n.endTime) <= now;
  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(() => void refetch(), 3000);
    return () => clearTimeout(timer);
  }, [ended, refetch, n.id, now]);
  const pct = (Number(n.donationShare) * 100).toFixed(0);
  // the caller's bid is the held one: no form (the service would answer 10131), a note instead
  const leading = d.bids.some((b) => b.mine && b.status === 'held');
  return (
    <>
      <Link href="/nfts" className={styles.back}>
        {t('nfts.back')}
      </Link>
      <section className={`${screens.card} ${styles.detail}`} aria-labelledby="nft-name">
        <img
          src={n.image}
          alt={t('nfts.artOf', { name: n.name })}
          className={styles.bigArt}
          width={400}
          height={400}
          data-testid="nft-art"
        />
        <div className={styles.info}>
          <div className={styles.cardTitle}>
            <h1 id="nft-name" className={headings.pageTitle}>
              {n.name}
            </h1>
            <StatusBadge nft={n} />
          </div>
          <Creator nft={n} />
          <CustodyNote />
          <dl className={styles.facts}>
            <div>
              <dt>{t('nfts.chain')}</dt>
              <dd>{n.chain}</dd>
            </div>
            <div>
              <dt>{t('nfts.contract')}</dt>
              <dd className={styles.mono} dir="ltr" data-testid="nft-contract">
                {n.contractAddress}
              </dd>
            </div>
            <div>
              <dt>{t('nfts.tokenId')}</dt>
              <dd className="num">{n.tokenId}</dd>
            </div>
            {n.owner && (
              <div>
                <dt>{t('nfts.owner')}</dt>
                <dd data-testid="nft-owner">{n.owner}</dd>
              </div>
            )}
          </dl>
          <dl className={styles.sale}>
            {n.saleType === 'buy_now' && n.price && <Fig label={t('nfts.price')} value={usdt(n.price, true)} id="nft-price" />}
            {n.saleType === 'auction' && (
              <>
                <Fig
                  label={t('nfts.currentBid')}
                  value={n.currentBid ? usdt(n.currentBid, true) : t('nfts.noBids')}
                  id="nft-current-bid"
                />
                <Fig label={t('nfts.reserve')} value={n.reservePrice ? usdt(n.reservePrice, true) : '—'} id="nft-reserve" />
                {n.minNextBid && <Fig label={t('nfts.minBid')} value={usdt(n.minNextBid, true)} id="nft-min-bid" />}
                {n.status === 'auction' && n.endTime && (
                  <div>
                    <dt>{t('nfts.endsIn')}</dt>
                    <dd>
                      <Countdown end={n.endTime} now={now} /> <span className={styles.muted}>({when(n.endTime)})</span>
                    </dd>
                  </div>
                )}
              </>
            )}
            {n.soldPrice && <Fig label={t('nfts.soldFor')} value={usdt(n.soldPrice, true)} id="nft-sold-price" />}
            <Fig label={t('nfts.donated')} value={usdt(n.cumulativeDonation, true)} id="nft-donated" />
          </dl>
          <p className={styles.muted}>{t('nfts.donationShare', { pct, charity: n.charity })}</p>
          {n.saleType === 'auction' && n.status === 'auction' && <p className={styles.muted}>{t('nfts.antiSniping')}</p>}
          {!ended &&
            (n.status === 'listed' || n.status === 'auction') &&
            (leading ? (
              <p className={styles.leadingNote} data-testid="nft-leading">
                {t('nfts.leading')}
              </p>
            ) : (
              <OrderPanel nft={n} />
            ))}
        </div>
      </section>
      <section className={screens.card} aria-labelledby="nft-history">
        <h2 id="nft-history" className={styles.h2}>
          {t('nfts.history')}
        </h2>
        {d.bids.length === 0 ? (
          <p className={styles.muted}>{t('nfts.noBids')}</p>
        ) : (
          <table className={styles.table} data-testid="nft-bids">
            <thead>
              <tr>
                <th>{t('nfts.bidder')}</th>
                <th>{t('nfts.amount')}</th>
                <th>{t('nfts.time')}</th>
                <th>{t('nfts.bidStatusLabel')}</th>
              </tr>
            </thead>
            <tbody>
              {d.bids.map((b) => (
                <tr key={b.id} data-testid="nft-bid" data-status={b.status} data-mine={b.mine}>
                  <td data-label={t('nfts.bidder')}>
                    {b.bidder}
                    {b.mine && <strong> ({t('nfts.you')})</strong>}
                  </td>
                  <td data-label={t('nfts.amount')} className="num">
                    {usdt(b.amount, true)}
                  </td>
                  <td data-label={t('nfts.time')} className="num">
                    {when(b.createdAt)}
                  </td>
                  <td data-label={t('nfts.bidStatusLabel')}>
                    {t(b.kind === 'buy' ? 'nfts.bidStatus.bought' : `nfts.bidStatus.${b.status}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function Fig({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="num" data-testid={id}>
        {value}
      </dd>
    </div>
  );
}
