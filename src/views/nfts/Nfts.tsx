import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Nft, NftSaleType, NftStatus } from '../../contract/nfts.ts';
import { useMyNfts, useNftList } from '../../services/nfts/queries.ts';
import { useSession } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { Pager } from '../platform/components/Pager.tsx';
import headings from '../platform/components/headings.module.css';
import screens from '../platform/styles/screens.module.css';
import { Countdown, Creator, CustodyNote, StatusBadge, usdt, useNow } from './common.tsx';
import styles from './nfts.module.css';

const PAGE_SIZE = 12;
const FILTERS: Record<string, { status?: NftStatus; saleType?: NftSaleType }> = {
  all: {},
  auction: { status: 'auction' },
  buyNow: { status: 'listed', saleType: 'buy_now' },
  sold: { status: 'sold' },
};
type Filter = keyof typeof FILTERS;

/**
 * Charity NFTs (/nfts): the grid with its filters (auctions, buy now, sold), each card leading to
 * its detail; for a signed-in user the "my NFTs" tab (owned, and auctions they bid on); a link to
 * the public donation ledger. Custody is stated under the title.
 */
export default function Nfts() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const [tab, setTab] = useState<'market' | 'mine'>('market');
  return (
    <section className={screens.card} aria-labelledby="nft-title" data-testid="nfts">
      <div className={styles.head}>
        <h1 id="nft-title" className={headings.pageTitle}>
          {t('nfts.title')}
        </h1>
        <Link href="/nfts/donations" className={styles.ledgerLink} data-testid="nft-donations-link">
          {t('nfts.donations.link')}
        </Link>
      </div>
      <p className={styles.muted}>{t('nfts.text')}</p>
      <CustodyNote />
      <div className={screens.tabs} role="tablist" aria-label={t('nfts.title')}>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'market'}
          onClick={() => setTab('market')}
          data-testid="nft-tab-market"
        >
          {t('nfts.market')}
        </button>
        {loggedIn && (
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'mine'}
            onClick={() => setTab('mine')}
            data-testid="nft-tab-mine"
          >
            {t('nfts.mine')}
          </button>
        )}
      </div>
      <div role="tabpanel">{tab === 'market' || !loggedIn ? <Market /> : <Mine />}</div>
    </section>
  );
}

function Market() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const list = useNftList(FILTERS[filter], page, PAGE_SIZE);
  const now = useNow();
  return (
    <>
      <div className={styles.filters} role="group" aria-label={t('nfts.filterLabel')}>
        {(Object.keys(FILTERS) as Filter[]).map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setPage(1);
            }}
            data-testid={`nft-filter-${f}`}
          >
            {t(`nfts.filter.${f}`)}
          </button>
        ))}
      </div>
      <Loadable query={list}>
        {list.data && list.data.rows.length === 0 && <p className={styles.muted}>{t('nfts.none')}</p>}
        <ul className={styles.grid} data-testid="nft-grid">
          {(list.data?.rows ?? []).map((n) => (
            <NftCard key={n.id} nft={n} now={now} />
          ))}
        </ul>
        <Pager page={page} size={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
      </Loadable>
    </>
  );
}

/** One NFT in the grid: artwork, name, creator, its price or bid, the time left, the donation so far. */
export function NftCard({ nft: n, now, extra }: { nft: Nft; now: number; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const amount = n.status === 'sold' ? n.soldPrice : n.saleType === 'buy_now' ? n.price : (n.currentBid ?? n.reservePrice);
  const label =
    n.status === 'sold'
      ? 'nfts.soldFor'
      : n.saleType === 'buy_now'
        ? 'nfts.price'
        : n.currentBid
          ? 'nfts.currentBid'
          : 'nfts.reserve';
  return (
    <li className={styles.card} data-testid="nft-card" data-id={n.id} data-name={n.name}>
      <Link href={`/nfts/${n.id}`} className={styles.cardLink}>
        <img
          src={n.image}
          alt={t('nfts.artOf', { name: n.name })}
          className={styles.art}
          width={400}
          height={400}
          loading="lazy"
        />
        <span className={styles.cardBody}>
          <span className={styles.cardTitle}>
            <strong>{n.name}</strong>
            <StatusBadge nft={n} />
          </span>
          <Creator nft={n} />
          <span className={styles.cardRow}>
            <span>{t(label)}</span>
            <strong className="num">{amount ? usdt(amount) : '—'}</strong>
          </span>
          {n.status === 'auction' && n.endTime && (
            <span className={styles.cardRow}>
              <span>{t('nfts.endsIn')}</span>
              <Countdown end={n.endTime} now={now} />
            </span>
          )}
          <span className={styles.cardRow}>
            <span>{t('nfts.donated')}</span>
            <span className="num" data-testid="nft-card-donated">
              {usdt(n.cumulativeDonation)}
            </span>
          </span>
          {extra}
        </span>
      </Link>
    </li>
  );
}

function Mine() {
  const { t } = useTranslation();
  const mine = useMyNfts(true);
  const now = useNow();
  return (
    <Loadable query={mine}>
      {mine.data && mine.data.rows.length === 0 && (
        <p className={styles.muted} data-testid="nft-mine-empty">
          {t('nfts.noMine')}
        </p>
      )}
      <ul className={styles.grid} data-testid="nft-mine">
        {(mine.data?.rows ?? []).map((r) => (
          <NftCard
            key={r.nft.id}
            nft={r.nft}
            now={now}
            extra={
              <span className={styles.cardRow} data-testid="nft-mine-row" data-relation={r.relation} data-leading={r.leading}>
                <span className={styles.badge} data-status={r.relation === 'owned' ? 'sold' : r.leading ? 'auction' : 'unsold'}>
                  {t(r.relation === 'owned' ? 'nfts.mineOwned' : r.leading ? 'nfts.leading' : 'nfts.outbid')}
                </span>
                {r.myBid && (
                  <span className="num">
                    {t('nfts.myBid')}: {usdt(r.myBid)}
                  </span>
                )}
              </span>
            }
          />
        ))}
      </ul>
    </Loadable>
  );
}
