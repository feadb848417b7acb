import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { INSTRUMENT_TYPES, INTERVALS, type FindMarketQuery, type InstrumentType } from '../../contract/market.ts';
import type { Interval } from '../../services/types.ts';
import { useCandles, useFindMarket, useWatchlist, useWatchToggle } from '../../services/queries/market.ts';
import { toast } from '../../services/toast.ts';
import { useFeedStatus, useQuote, useSession, useVisibleCodes } from '../app/hooks.ts';
import { StarIcon } from '../components/Icons.tsx';
import market from '../components/market.module.css';
import { Loadable } from '../components/Loadable.tsx';
import { Change, FeedBadge, formatDecimal, SimulatedBadge } from '../components/Figures.tsx';
import headings from '../components/headings.module.css';
import { shellFor } from '../../services/device.ts';
import { ChartPanel } from '../trade/ChartPanel.tsx';
import { OpenPositions } from '../trade/OpenPositions.tsx';
import { AlertsPanel } from '../alerts/AlertsPanel.tsx';
import { TradePanel } from '../trade/TradePanel.tsx';
import trade from '../trade/trade.module.css';
import styles from './screens.module.css';

/**
 * What the address names the instrument by (`/cruuency?code&type&id`, docs/market.md "Finding an
 * instrument"): a code or base code, the kind of market, the id. Anything that cannot be one is left out.
 */
function lookupOf(params: URLSearchParams): FindMarketQuery {
  const code = (params.get('code') ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 20);
  const type = params.get('type') ?? '';
  const id = params.get('id') ?? '';
  return {
    ...(code ? { code } : {}),
    ...((INSTRUMENT_TYPES as readonly string[]).includes(type) ? { type: type as InstrumentType } : {}),
    ...(/^[0-9]{1,18}$/.test(id) ? { id } : {}),
  };
}

export default function Currency() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const lookup = lookupOf(params);
  const [interval, setInterval] = useState<Interval>('15m');
  const info = useFindMarket(lookup);
  const m = info.data;
  // the instrument's own code (BTCUSDT for code=BTC): everything below works with it
  const code = m?.code ?? '';
  const candles = useCandles(code, interval);
  useVisibleCodes(code ? [code] : []);
  const quote = useQuote(code);
  const feed = useFeedStatus();
  const simulated = feed.simulated ?? (m ? m.source === 'simulated' : null);
  // phone: the trade panel is a bottom sheet opened from a Buy/Sell bar; desktop: a column beside the chart
  const phone = shellFor(navigator.userAgent) === 'mobile';
  return (
    <div className={styles.stack}>
      {!lookup.code && !lookup.id ? (
        <section className={styles.card} role="alert" data-testid="not-found"><p>{t('detail.notFound')}</p></section>
      ) : <Loadable query={info} notFound={t('detail.notFound')}>
        {m && (
          <section className={styles.card} aria-labelledby="cur-title" data-testid="currency">
            <div className={styles.priceHead}>
              <img src={m.logo} alt="" width={40} height={40} />
              <div>
                <h1 id="cur-title" className={headings.barTitle}>{m.appName}</h1>
                <span className={`${styles.muted} num`} data-testid="currency-code">{m.code}</span>
              </div>
              <span className={`${styles.bigPrice} num`} data-testid="price">{formatDecimal(quote?.price ?? m.price)}</span>
              <Change pct={quote?.change24hPct ?? m.change24hPct} />
              <SimulatedBadge show={simulated} />
              <FeedBadge status={feed.status} />
              <WatchStar code={m.code} name={m.appName} />
              {!m.tradable && <span className={styles.muted}>{m.marketOpen ? t('market.stale') : t('market.closed')}</span>}
            </div>
            <dl className={styles.stats}>
              <div><dt>{t('detail.high')}</dt><dd className="num">{formatDecimal(m.high)}</dd></div>
              <div><dt>{t('detail.low')}</dt><dd className="num">{formatDecimal(m.low)}</dd></div>
              <div><dt>{t('detail.volume')}</dt><dd className="num">{formatDecimal(m.volume, 2)}</dd></div>
              <div><dt>{t('detail.open')}</dt><dd className="num">{formatDecimal(m.open)}</dd></div>
            </dl>
          </section>
        )}
      </Loadable>}
      {m && (
        <div className={trade.layout}>
        <div className={trade.main}>
        <section className={styles.card} aria-labelledby="chart-title">
          <div className={styles.cardHead}>
            <h2 id="chart-title">{t('detail.chart')}</h2>
            <div className={styles.intervals} role="group" aria-label={t('detail.interval')}>
              {INTERVALS.map((i) => (
                <button key={i} type="button" aria-pressed={interval === i} onClick={() => setInterval(i)} data-testid={`interval-${i}`}>
                  {i}
                </button>
              ))}
            </div>
          </div>
          <div className={styles.chartBox}>
            <Loadable query={candles}>
              {candles.data && candles.data.length > 0 ? (
                <ChartPanel code={m.code} candles={candles.data} label={`${m.appName} ${interval}`} />
              ) : (
                <p className={styles.muted}>{t('detail.noCandles')}</p>
              )}
            </Loadable>
          </div>
        </section>
        <OpenPositions code={m.code} />
        <CurrencyAlerts code={m.code} price={m.price} />
        </div>
        <TradePanel code={m.code} fallbackPrice={m.price} phone={phone} />
        </div>
      )}
    </div>
  );
}

/** The instrument's price alerts, for a signed-in user (docs/alerts.md). */
function CurrencyAlerts({ code, price }: { code: string; price: string }) {
  const { loggedIn } = useSession();
  return loggedIn ? <AlertsPanel code={code} fallbackPrice={price} /> : null;
}

/** The watchlist star of the instrument page: the same list as the markets screen's stars. */
function WatchStar({ code, name }: { code: string; name: string }) {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const watch = useWatchlist(loggedIn);
  const toggle = useWatchToggle();
  const watched = (watch.data?.rows ?? []).some((r) => r.code === code);
  const onClick = () => {
    if (!loggedIn) return toast(t('market.loginToWatch'), 'info');
    toggle.mutate({ code, on: !watched });
  };
  return (
    <button type="button" className={market.star} aria-pressed={watched} aria-label={t(watched ? 'market.unwatch' : 'market.watch', { name })} onClick={onClick} disabled={toggle.isPending} data-testid="detail-star">
      <StarIcon filled={watched} width={22} height={22} />
    </button>
  );
}
