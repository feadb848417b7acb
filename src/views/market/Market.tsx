import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INSTRUMENT_TYPES } from '../../contract/market.ts';
import { shellFor } from '../../services/platform/device.ts';
import type { InstrumentType } from '../../services/platform/types.ts';
import { useMarketPages, useWatchlist, useWatchToggle } from '../../services/market/queries.ts';
import { toast } from '../../services/platform/toast.ts';
import { useDebounced, useSession } from '../platform/app/hooks.ts';
import { Loadable } from '../platform/components/Loadable.tsx';
import { MarketList } from '../platform/components/MarketList.tsx';
import { SearchIcon } from '../platform/components/Icons.tsx';
import { useFormat } from '../platform/components/useFormat.ts';
import { ScrollTabs } from '../platform/components/ScrollTabs.tsx';
import headings from '../platform/components/headings.module.css';
import ui from '../platform/components/ui.module.css';
import styles from '../platform/styles/screens.module.css';

type Tab = InstrumentType | 'watchlist';
/** Rows asked for at a time; "Show more" asks for the next page until every instrument is listed. */
const PAGE_SIZE = 100;
/**
 * A phone shows about ten rows at a time: its first page of 20 is drawn, laid out and kept ticking
 * in a fifth of the work of 100, which was the largest piece of the screen's start-up on a phone
 * (docs/performance.md, "Phone start-up: what each screen spends").
 */
const PHONE_PAGE_SIZE = 20;

export default function Market() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const mobile = shellFor(navigator.userAgent) === 'mobile';
  const { loggedIn } = useSession();
  const [tab, setTab] = useState<Tab>('crypto');
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim());
  // a search looks in every market type; without one, the open type tab is listed page by page
  const searching = search !== '' && tab !== 'watchlist';
  const byType = useMarketPages(
    {
      type: searching || tab === 'watchlist' ? undefined : tab,
      search: searching ? search : undefined,
      pageSize: mobile ? PHONE_PAGE_SIZE : PAGE_SIZE,
    },
    tab !== 'watchlist',
  );
  const watch = useWatchlist(loggedIn);
  const watched = new Set((watch.data?.rows ?? []).map((m) => m.code));
  const toggle = useWatchToggle();
  const onToggleWatch = (code: string, on: boolean) => {
    if (!loggedIn) return toast(t('market.loginToWatch'), 'info');
    toggle.mutate({ code, on });
  };
  const pages = byType.data?.pages ?? [];
  const total = tab === 'watchlist' ? (watch.data?.rows.length ?? 0) : (pages[0]?.total ?? 0);
  const rows =
    tab === 'watchlist'
      ? (watch.data?.rows ?? []).filter(
          (m) => !search || m.code.includes(search.toUpperCase()) || m.appName.toLowerCase().includes(search.toLowerCase()),
        )
      : pages.flatMap((p) => p.rows);
  const list = tab === 'watchlist' ? watch : byType;
  const tabs: Tab[] = loggedIn ? ['watchlist', ...INSTRUMENT_TYPES] : [...INSTRUMENT_TYPES];
  const pick = (k: Tab) => {
    setTab(k);
    // a search spans every type: picking a type tab means "show me this type", so the search ends
    if (k !== 'watchlist') setQuery('');
  };
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="market-title">
        <div className={styles.cardHead}>
          <h1 id="market-title" className={headings.barTitle}>
            {t('market.title')}
          </h1>
          <label className={styles.search}>
            <SearchIcon width={18} height={18} />
            <span className="visually-hidden">{t('market.search')}</span>
            <input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t('market.searchPlaceholder')}
              maxLength={40}
              data-testid="market-search"
            />
          </label>
        </div>
        <ScrollTabs label={t('market.title')} selected={searching ? '' : tab}>
          {tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={!searching && tab === k}
              onClick={() => pick(k)}
              data-testid={`tab-${k}`}
            >
              {k === 'watchlist' ? t('market.watchlist') : t(`market.types.${k}`)}
            </button>
          ))}
        </ScrollTabs>
        <div role="tabpanel" aria-label={searching ? t('newuser.market.searchAll', { query: search }) : undefined}>
          {searching && (
            <p className={styles.muted} data-testid="search-all">
              {t('newuser.market.searchAll', { query: search })}
            </p>
          )}
          <Loadable query={list} empty={!list.isFetching && rows.length === 0}>
            <MarketList
              items={rows}
              compact={mobile}
              watched={watched}
              onToggleWatch={onToggleWatch}
              caption={t('market.title')}
              showType={searching}
            />
            {tab !== 'watchlist' && total > 0 && (
              <div className={styles.more}>
                <span className={styles.muted} data-testid="market-count">
                  {t('newuser.market.shown', { shown: fmt.int(rows.length), total: fmt.int(total) })}
                </span>
                {byType.hasNextPage && (
                  <button
                    type="button"
                    className={`${ui.button} ${ui.secondary}`}
                    onClick={() => void byType.fetchNextPage()}
                    disabled={byType.isFetchingNextPage}
                    data-testid="market-more"
                  >
                    {t('newuser.market.more')}
                  </button>
                )}
              </div>
            )}
          </Loadable>
        </div>
      </section>
    </div>
  );
}
