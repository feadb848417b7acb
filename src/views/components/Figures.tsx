import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';
import type { FeedStatus } from '../app/hooks.ts';

/** 24h change (percent) with a sign and a fixed width, so ticking figures never move the layout. */
export function Change({ pct }: { pct: number }) {
  const up = pct >= 0;
  return (
    <span className={`num ${styles.change} ${up ? styles.up : styles.down}`}>
      {up ? '+' : '−'}
      {Math.abs(pct).toFixed(2)}%
    </span>
  );
}

/** Groups digits of a decimal string without turning it into a float (money stays exact). */
export function formatDecimal(value: string, maxFraction?: number): string {
  const neg = value.startsWith('-');
  const [int = '0', frac = ''] = value.replace('-', '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const f = maxFraction === undefined ? frac : frac.slice(0, maxFraction);
  return `${neg ? '-' : ''}${grouped}${f ? `.${f}` : ''}`;
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

export function FeedBadge({ status }: { status: FeedStatus }) {
  const { t } = useTranslation();
  return (
    <span className={styles.status} role="status" data-testid="feed-status" data-state={status}>
      <span className={styles.dot} data-state={status} aria-hidden="true" />
      {t(`feed.${status}`)}
    </span>
  );
}
