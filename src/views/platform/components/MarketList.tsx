import { useEffect } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { MarketRow } from '../../../contract/market.ts';
import { useAppActors } from '../app/actors.tsx';
import { useFeedStatus, useQuote, useVisibleCodes } from '../app/hooks.ts';
import { Change, formatDecimal, SimulatedBadge } from './Figures.tsx';
import { Sparkline } from './Sparkline.tsx';
import { StarIcon } from './Icons.tsx';
import { useMediaQuery } from './useMediaQuery.ts';
import styles from './market.module.css';

/**
 * A window this narrow lists markets as the phone does, whatever the shell (a desktop browser in a
 * narrow window): the wide list's fixed columns (two figures of 150 px, a 120 px chart) are wider
 * than the page there and pushed it sideways, the names squeezed to nothing. Above it the wide
 * list leaves the name at least 150 px.
 */
const NARROW_WINDOW = '(max-width: 700px)';

export const detailHref = (m: Pick<MarketRow, 'code' | 'type' | 'id'>) =>
  `/cruuency?code=${encodeURIComponent(m.code)}&type=${m.type}&id=${m.id}`;

/**
 * Markets with live prices: the REST list seeds the feed (its 100-point series), the feed keeps
 * them moving. Columns have fixed widths and figures are tabular, so ticks never shift layout.
 */
export function MarketList({
  items,
  compact: phone = false,
  chart,
  watched,
  onToggleWatch,
  caption,
  placeholderRows = 0,
  showType = false,
}: {
  items: readonly MarketRow[];
  /** Empty rows of the real rows' height, drawn while the list loads (no layout shift when it arrives). */
  placeholderRows?: number;
  /** the phone's list (the phone shell); a narrow window gets it in either shell */
  compact?: boolean;
  /** the mini chart column (wide lists have it; the phone's home list asks for it, narrower) */
  chart?: boolean;
  watched?: ReadonlySet<string>;
  onToggleWatch?: (code: string, on: boolean) => void;
  caption: string;
  /** a search across every market type: each row says which type it is */
  showType?: boolean;
}) {
  const { t } = useTranslation();
  const { priceFeed } = useAppActors();
  const { simulated } = useFeedStatus();
  const compact = useMediaQuery(NARROW_WINDOW) || phone;
  const withChart = chart ?? !compact;
  useEffect(() => {
    if (items.length) priceFeed.send({ type: 'feed.snapshot', items });
  }, [items, priceFeed]);
  useVisibleCodes(items.map((m) => m.code));
  const anySimulated = simulated ?? items.some((m) => m.source === 'simulated');
  return (
    <>
      {/* the line is kept, empty, for a real feed too: it never appears late and pushes the list down */}
      {compact && (
        <p className={styles.sourceNote}>
          <SimulatedBadge show={anySimulated} />
        </p>
      )}
      <table className={`${styles.table} ${compact ? styles.compact : ''}`} data-testid="market-list">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {onToggleWatch && (
              <th scope="col" className={styles.starCol}>
                <span className="visually-hidden">{t('market.watchlist')}</span>
              </th>
            )}
            <th scope="col" className={styles.nameCol}>
              {t('market.name')}
            </th>
            <th scope="col" className={styles.numCol}>
              {t('market.price')}
              {anySimulated && !compact && (
                <>
                  {' '}
                  <SimulatedBadge show short />
                </>
              )}
            </th>
            <th scope="col" className={styles.numCol}>
              {t('market.change')}
            </th>
            {withChart && (
              <th scope="col" className={styles.chartCol}>
                {t('market.chart')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <Row
              key={m.code}
              item={m}
              chart={withChart}
              compact={compact}
              watched={watched?.has(m.code)}
              onToggleWatch={onToggleWatch}
              showType={showType}
            />
          ))}
          {items.length === 0 &&
            Array.from({ length: placeholderRows }, (_, i) => (
              <tr key={i} className={styles.placeholderRow} aria-hidden="true">
                <td colSpan={(onToggleWatch ? 1 : 0) + (withChart ? 4 : 3)} />
              </tr>
            ))}
        </tbody>
      </table>
    </>
  );
}

function Row({
  item,
  chart,
  compact,
  watched,
  onToggleWatch,
  showType,
}: {
  item: MarketRow;
  chart: boolean;
  compact: boolean;
  watched?: boolean;
  onToggleWatch?: (code: string, on: boolean) => void;
  showType: boolean;
}) {
  const { t } = useTranslation();
  const q = useQuote(item.code);
  const price = q?.price ?? item.price;
  const change = q?.change24hPct ?? item.change24hPct;
  const points = q?.points ?? item.sparkline;
  return (
    // the name's link covers the whole row (market.module.css .rowLink): a tap anywhere on it opens the instrument
    <tr data-code={item.code} className={styles.row}>
      {onToggleWatch && (
        <td className={styles.starCol}>
          <button
            type="button"
            className={styles.star}
            aria-pressed={!!watched}
            aria-label={t(watched ? 'market.unwatch' : 'market.watch', { name: item.appName })}
            onClick={() => onToggleWatch(item.code, !watched)}
            data-testid={`star-${item.code}`}
          >
            <StarIcon filled={watched} width={20} height={20} />
          </button>
        </td>
      )}
      <td className={styles.nameCol}>
        <Link href={detailHref(item)} className={`${styles.name} ${styles.rowLink}`} data-testid={`open-${item.code}`}>
          <img src={item.logo} alt="" width={28} height={28} loading="lazy" />
          <span>
            <strong>{item.appName}</strong>
            <small className="num">
              {item.code}
              {showType && <span className={styles.typeTag}> · {t(`market.types.${item.type}`)}</span>}
            </small>
            {!item.marketOpen && (
              <small className={styles.closedTag} title={t('market.closed')} data-testid={`closed-${item.code}`}>
                {t('market.closed')}
              </small>
            )}
          </span>
        </Link>
      </td>
      <td className={`${styles.numCol} num`} data-testid="price">
        {formatDecimal(price)}
      </td>
      <td className={styles.numCol}>
        <Change pct={change} />
      </td>
      {chart && (
        <td className={styles.chartCol}>
          <Sparkline points={points} up={change >= 0} width={compact ? 44 : 96} height={compact ? 28 : 32} />
        </td>
      )}
    </tr>
  );
}
