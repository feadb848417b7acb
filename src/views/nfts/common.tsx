import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Nft } from '../../contract/nfts.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import styles from './nfts.module.css';

/**
 * Money as every screen writes it (src/i18n/format.ts), with its unit: "52.50 USDT" in lists, and
 * every place ("52.500000 USDT") with `full` for what a bidder acts on (the auction's figures, the
 * confirmation).
 */
export function usdt(amount: string, full = false): string {
  return `${formatMoney(amount, 'USDT', { full })} USDT`;
}

/** The clock of the countdowns, ticking every second while mounted. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "2d 03h 04m 05s" to an end time, or "ended". */
export function Countdown({ end, now }: { end: string; now: number }) {
  const { t } = useTranslation();
  const left = Math.max(0, Date.parse(end) - now);
  if (left === 0)
    return (
      <span data-testid="nft-countdown" data-left="0">
        {t('nfts.ended')}
      </span>
    );
  const s = Math.floor(left / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const parts = { d: Math.floor(s / 86400), h: pad(Math.floor(s / 3600) % 24), m: pad(Math.floor(s / 60) % 60), s: pad(s % 60) };
  return (
    <span className="num" data-testid="nft-countdown" data-left={left}>
      {t('nfts.countdown', parts)}
    </span>
  );
}

/** The status badge: the chart's status in words. */
export function StatusBadge({ nft }: { nft: Pick<Nft, 'status'> }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-status={nft.status} data-testid="nft-status">
      {t(`nfts.status.${nft.status}`)}
    </span>
  );
}

/** The creator and whether an operator checked them. */
export function Creator({ nft }: { nft: Pick<Nft, 'creator' | 'verified'> }) {
  const { t } = useTranslation();
  return (
    <span className={styles.creator}>
      {t('nfts.by', { creator: nft.creator })}
      {nft.verified ? (
        <span className={styles.verified} title={t('nfts.verified')} aria-label={t('nfts.verified')} data-testid="nft-verified">
          ✓
        </span>
      ) : (
        <span className={styles.unverified}>{t('nfts.unverified')}</span>
      )}
    </span>
  );
}

/** Until minting is connected, the platform keeps every token: said plainly on every NFT page. */
export function CustodyNote() {
  const { t } = useTranslation();
  return (
    <p className={styles.custody} data-testid="nft-custody">
      {t('nfts.custody')}
    </p>
  );
}
