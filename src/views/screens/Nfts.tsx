import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/hooks.ts';
import { NftIcon } from '../components/Icons.tsx';
import headings from '../components/headings.module.css';
import styles from './screens.module.css';
import own from './Nfts.module.css';

/** Charity NFTs: market and my-NFTs tabs; the listing arrives with the NFT service. */
export default function Nfts() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const [tab, setTab] = useState<'market' | 'mine'>('market');
  return (
    <section className={styles.card} aria-labelledby="nft-title" data-testid="nfts">
      <div className={styles.cardHead}>
        <h1 id="nft-title" className={`${headings.pageTitle} ${own.title}`}>{t('nfts.title')}</h1>
      </div>
      <p className={styles.muted}>{t('nfts.text')}</p>
      <div className={styles.tabs} role="tablist" aria-label={t('nfts.title')}>
        <button type="button" role="tab" aria-selected={tab === 'market'} onClick={() => setTab('market')}>{t('nfts.market')}</button>
        {loggedIn && <button type="button" role="tab" aria-selected={tab === 'mine'} onClick={() => setTab('mine')}>{t('nfts.mine')}</button>}
      </div>
      <div role="tabpanel" className={own.empty}>
        <NftIcon width={48} height={48} />
        <p>{tab === 'market' ? t('nfts.comingSoon') : t('account.noRecords')}</p>
      </div>
    </section>
  );
}
