import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDecimalIn, formatMoneyIn } from '../../../i18n/format.ts';
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

/**
 * Every money figure on screen: the asset's one rule (src/i18n/format.ts, formatMoneyIn): its
 * display places in lists and summaries ("60.00" USDT, "0.01500000" BTC), all its places with
 * `full` where the user acts on the amount, the sign only when it means something.
 */
export function formatMoney(value: string, asset: string, opts: { full?: boolean; sign?: boolean } = {}): string {
  return formatMoneyIn(i18n.language || 'en', value, asset, opts);
}

/** A USDT figure by the same rule (two places, "100,000.00"). */
export const formatUsdt = (value: string, opts: { full?: boolean; sign?: boolean } = {}): string =>
  formatMoney(value, 'USDT', opts);

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
