import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INSTRUMENT_TYPES } from '../../contract/market.ts';
import { shellFor } from '../../services/device.ts';
import type { InstrumentType } from '../../services/types.ts';
import { useMarketList, useWatchlist, useWatchToggle } from '../../services/queries/market.ts';
import { toast } from '../../services/toast.ts';
import { useDebounced, useSession } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import { MarketList } from '../components/MarketList.tsx';
import { SearchIcon } from '../components/Icons.tsx';
import headings from '../components/headings.module.css';
import styles from './screens.module.css';

type Tab = InstrumentType | 'watchlist';

export default function Market() {
  const { t } = useTranslation();
  const mobile = shellFor(navigator.userAgent) === 'mobile';
  const { loggedIn } = useSession();
  const [tab, setTab] = useState<Tab>('crypto');
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim());
  // a type tab asks the service (with the search); the watchlist tab filters its own rows here
  const byType = useMarketList({ type: tab === 'watchlist' ? 'crypto' : tab, search, pageSize: 100 }, tab !== 'watchlist');
  const watch = useWatchlist(loggedIn);
  const list = tab === 'watchlist' ? watch : byType;
  const watched = new Set((watch.data?.rows ?? []).map((m) => m.code));
  const toggle = useWatchToggle();
  const onToggleWatch = (code: string, on: boolean) => {
    if (!loggedIn) return toast(t('market.loginToWatch'), 'info');
    toggle.mutate({ code, on });
  };
  const rows = (list.data?.rows ?? []).filter((m) => tab !== 'watchlist' || !search || m.code.includes(search.toUpperCase()) || m.appName.toLowerCase().includes(search.toLowerCase()));
  const tabs: Tab[] = loggedIn ? ['watchlist', ...INSTRUMENT_TYPES] : [...INSTRUMENT_TYPES];
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="market-title">
        <div className={styles.cardHead}>
          <h1 id="market-title" className={headings.barTitle}>{t('market.title')}</h1>
          <label className={styles.search}>
            <SearchIcon width={18} height={18} />
            <span className="visually-hidden">{t('market.search')}</span>
            <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('market.searchPlaceholder')} maxLength={40} data-testid="market-search" />
          </label>
        </div>
        <div className={styles.tabs} role="tablist" aria-label={t('market.title')}>
          {tabs.map((k) => (
            <button key={k} type="button" role="tab" aria-selected={tab === k} onClick={() => setTab(k)} data-testid={`tab-${k}`}>
              {k === 'watchlist' ? t('market.watchlist') : t(`market.types.${k}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel">
          <Loadable query={list} empty={!list.isFetching && rows.length === 0}>
            <MarketList items={rows} compact={mobile} watched={watched} onToggleWatch={onToggleWatch} caption={t('market.title')} />
          </Loadable>
        </div>
      </section>
    </div>
  );
}
