import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { INTERVALS, type MarketDetail } from '../../contract/market.ts';
import { lookupOfAddress } from '../../contract/instrumentAddress.ts';
import { formatClockTime } from '../../i18n/format.ts';
import type { Interval } from '../../services/platform/types.ts';
import { useCandles, useFindMarket, useWatchlist, useWatchToggle } from '../../services/market/queries.ts';
import { toast } from '../../services/platform/toast.ts';
import { useFeedStatus, useQuote, useSession, useVisibleCodes } from '../platform/app/hooks.ts';
import { StarIcon } from '../platform/components/Icons.tsx';
import market from '../platform/components/market.module.css';
import { Loadable } from '../platform/components/Loadable.tsx';
import { Change, FeedBadge, formatDecimal, SimulatedBadge } from '../platform/components/Figures.tsx';
import headings from '../platform/components/headings.module.css';
import { shellFor } from '../../services/platform/device.ts';
import { ChartPanel } from '../trading/ChartPanel.tsx';
import { OpenPositions } from '../trading/OpenPositions.tsx';
import { AlertsPanel } from '../alerts/AlertsPanel.tsx';
import { TradePanel } from '../trading/TradePanel.tsx';
import trade from '../trading/trade.module.css';
import styles from '../platform/styles/screens.module.css';

/**
 * A phone's chart is about 330 px wide: 60 candles are 5 px each instead of hairlines, and fewer
 * to draw (the chart's first drawing is the longest task of the screen's start-up on a phone,
 * docs/performance.md).
 */
const PHONE_CANDLES = 60;

export default function Currency() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const lookup = lookupOfAddress((name) => params.get(name));
  const [interval, setInterval] = useState<Interval>('15m');
  const info = useFindMarket(lookup);
  const m = info.data;
  // the instrument's own code (BTCUSDT for code=BTC): everything below works with it
  const code = m?.code ?? '';
  // phone: the trade panel is a bottom sheet opened from a Buy/Sell bar; desktop: a column beside the chart
  const phone = shellFor(navigator.userAgent) === 'mobile';
  const candles = useCandles(code, interval, phone ? PHONE_CANDLES : undefined);
  useVisibleCodes(code ? [code] : []);
  return (
    <div className={styles.stack}>
      {!lookup.code && !lookup.id ? (
        <section className={styles.card} role="alert" data-testid="not-found">
          <p>{t('detail.notFound')}</p>
        </section>
      ) : (
        <Loadable query={info} notFound={t('detail.notFound')}>
          {m && <InstrumentHead m={m} />}
        </Loadable>
      )}
      {m && (
        <div className={trade.layout}>
          <div className={trade.main}>
            <section className={styles.card} aria-labelledby="chart-title">
              <div className={styles.cardHead}>
                <h2 id="chart-title">{t('detail.chart')}</h2>
                <div className={styles.intervals} role="group" aria-label={t('detail.interval')}>
                  {INTERVALS.map((i) => (
                    <button
                      key={i}
                      type="button"
                      aria-pressed={interval === i}
                      onClick={() => setInterval(i)}
                      data-testid={`interval-${i}`}
                    >
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

/** "HH:mm:ss" (dated when not today): a last price's moment, to the second the feed ticks in. */
const clockWithSeconds = (time: string) => `${formatClockTime(time)}:${String(new Date(time).getSeconds()).padStart(2, '0')}`;

/**
 * The instrument's name, live price and 24h figures. The one part of the screen that follows the
 * price feed: a tick redraws this card, not the chart, the ticket and the lists below it (a whole
 * screen redrawn on every tick kept a phone's main thread busy, docs/performance.md). Until the
 * feed has sent a price for it, the price shown is the lookup's, and the line under it says when
 * the feed set it, beside the feed's state, as the page's first frame does (scripts/staticPages.ts).
 */
function InstrumentHead({ m }: { m: MarketDetail }) {
  const { t } = useTranslation();
  const quote = useQuote(m.code);
  const feed = useFeedStatus();
  const simulated = feed.simulated ?? m.source === 'simulated';
  return (
    <section className={styles.card} aria-labelledby="cur-title" data-testid="currency">
      <div className={styles.priceHead}>
        <img src={m.logo} alt="" width={40} height={40} />
        <div>
          <h1 id="cur-title" className={headings.barTitle}>
            {m.appName}
          </h1>
          <span className={`${styles.muted} num`} data-testid="currency-code">
            {m.code}
          </span>
        </div>
        <span className={`${styles.bigPrice} num`} data-testid="price">
          {formatDecimal(quote?.price ?? m.price)}
        </span>
        <Change pct={quote?.change24hPct ?? m.change24hPct} />
        <SimulatedBadge show={simulated} />
        <WatchStar code={m.code} name={m.appName} />
        {!m.tradable && <span className={styles.muted}>{m.marketOpen ? t('market.stale') : t('market.closed')}</span>}
      </div>
      {/* the feed's state on a line of its own, whose words ("Connecting…", "Live") never rewrap the figures above */}
      <p className={styles.priceTime}>
        <FeedBadge status={feed.status} />
        {!quote && (
          <span className="num" data-testid="price-time">
            {t('detail.lastPriceAt', { time: clockWithSeconds(m.time) })}
          </span>
        )}
      </p>
      <dl className={styles.stats}>
        <div>
          <dt>{t('detail.high')}</dt>
          <dd className="num">{formatDecimal(m.high)}</dd>
        </div>
        <div>
          <dt>{t('detail.low')}</dt>
          <dd className="num">{formatDecimal(m.low)}</dd>
        </div>
        <div>
          <dt>{t('detail.volume')}</dt>
          <dd className="num">{formatDecimal(m.volume, 2)}</dd>
        </div>
        <div>
          <dt>{t('detail.open')}</dt>
          <dd className="num">{formatDecimal(m.open)}</dd>
        </div>
      </dl>
    </section>
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
    <button
      type="button"
      className={market.star}
      aria-pressed={watched}
      aria-label={t(watched ? 'market.unwatch' : 'market.watch', { name })}
      onClick={onClick}
      disabled={toggle.isPending}
      data-testid="detail-star"
    >
      <StarIcon filled={watched} width={22} height={22} />
    </button>
  );
}
