import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INSTRUMENT_TYPES } from '../../contract/market.ts';
import { marketApi } from '../../services/marketApi.ts';
import { shellFor } from '../../services/device.ts';
import type { InstrumentType } from '../../services/types.ts';
import { useAction, useDebounced, useResource, useSession } from '../app/hooks.ts';
import { Loadable } from '../components/Loadable.tsx';
import { MarketList } from '../components/MarketList.tsx';
import { SearchIcon } from '../components/Icons.tsx';
import { toast } from '../../services/toast.ts';
import styles from './screens.module.css';

type Tab = InstrumentType | 'watchlist';

export default function Market() {
  const { t } = useTranslation();
  const mobile = shellFor(navigator.userAgent) === 'mobile';
  const { loggedIn } = useSession();
  const [tab, setTab] = useState<Tab>('crypto');
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim());
  const list = useResource(
    (q: { tab: Tab; search: string }, signal) =>
      q.tab === 'watchlist' ? marketApi.watchlist(signal) : marketApi.list({ type: q.tab, search: q.search || undefined, pageSize: 100 }, signal),
    { tab, search },
  );
  const watch = useResource((q: { on: boolean }, signal) => (q.on ? marketApi.watchlist(signal) : Promise.resolve({ rows: [], total: 0 })), { on: loggedIn });
  const watched = new Set((watch.data?.rows ?? []).map((m) => m.code));
  const toggle = useAction(
    (v, signal) => marketApi.watch(v.code, v.on === '1', signal),
    () => {
      watch.reload();
      if (tab === 'watchlist') list.reload();
    },
  );
  const onToggleWatch = (code: string, on: boolean) => {
    if (!loggedIn) return toast(t('market.loginToWatch'), 'info');
    toggle.submit({ code, on: on ? '1' : '0' });
  };
  const rows = (list.data?.rows ?? []).filter((m) => tab !== 'watchlist' || !search || m.code.includes(search.toUpperCase()) || m.appName.toLowerCase().includes(search.toLowerCase()));
  const tabs: Tab[] = loggedIn ? ['watchlist', ...INSTRUMENT_TYPES] : [...INSTRUMENT_TYPES];
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="market-title">
        <div className={styles.cardHead}>
          <h1 id="market-title" style={{ fontSize: 22, margin: 0 }}>{t('market.title')}</h1>
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
          <Loadable loading={list.loading && !list.data} failed={list.failed} reload={list.reload} empty={!list.loading && rows.length === 0}>
            <MarketList items={rows} compact={mobile} watched={watched} onToggleWatch={onToggleWatch} caption={t('market.title')} />
          </Loadable>
        </div>
      </section>
    </div>
  );
}
