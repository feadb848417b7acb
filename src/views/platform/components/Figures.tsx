import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { ASSET_DECIMALS } from '../../../contract/constants.ts';
import { formatAmountIn, formatDecimalIn, formatFixedIn } from '../../../i18n/format.ts';
import styles from './ui.module.css';
import type { FeedStatus } from '../app/hooks.ts';

/** 24h change (percent) with a sign and a fixed width, so ticking figures never move the layout. */
export function Change({ pct }: { pct: number }) {
  const up = pct >= 0;
  return (
    <span className={`num ${styles.change} ${up ? styles.up : styles.down}`}>
      {up ? '+' : '−'}
      {formatDecimal(Math.abs(pct).toFixed(2))}%
    </span>
  );
}

/**
 * Groups digits of a decimal string without turning it into a float (money stays exact), with the
 * separators of the app's language (src/i18n/format.ts). Every caller renders under useTranslation,
 * so a change of language redraws it.
 */
export function formatDecimal(value: string, maxFraction?: number): string {
  return formatDecimalIn(i18n.language || 'en', value, maxFraction);
}

/** An amount of an asset at its own decimals, trailing zeros dropped (USDT keeps two): "60.00", "0.015" (src/i18n/format.ts). */
export function formatAmount(value: string, asset: string): string {
  const decimals = (ASSET_DECIMALS as Record<string, number>)[asset] ?? 8;
  return formatAmountIn(i18n.language || 'en', value, decimals, asset === 'USDT' ? 2 : 0);
}

/** A USDT balance summary: always two decimals ("100,000.00"), cut, never rounded up. */
export function formatUsdt(value: string): string {
  return formatFixedIn(i18n.language || 'en', value, 2);
}

export function SimulatedBadge({ show, short = false }: { show: boolean | null; short?: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <span className={styles.badge} data-testid="simulated-badge" title={t('feed.simulated')}>
      {short ? t('feed.simulatedShort') : t('feed.simulated')}
    </span>
  );
}

/**
 * The price feed's state. `compact` (the desktop bar, where six tabs need the room): while live, only
 * the green dot shows (its word is still read out and shown on hover); any trouble shows its word.
 */
export function FeedBadge({ status, compact = false }: { status: FeedStatus; compact?: boolean }) {
  const { t } = useTranslation();
  const label = t(`feed.${status}`);
  return (
    <span className={styles.status} role="status" data-testid="feed-status" data-state={status} title={label}>
      <span className={styles.dot} data-state={status} aria-hidden="true" />
      <span className={compact && status === 'live' ? 'visually-hidden' : undefined}>{label}</span>
    </span>
  );
}
