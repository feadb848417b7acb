import { useTranslation } from 'react-i18next';
import { earningsSchedule } from '../../contract/smartMath.ts';
import { usdt, useWhen } from '../platform/components/moneyFormat.ts';
import styles from './smart.module.css';

const W = 320;
const H = 140;
const PAD = { top: 12, bottom: 22, side: 8 };
/** Above this many days a bar per day would be thinner than a pixel: the total is drawn as an area. */
const MAX_BARS = 45;

/**
 * The projected earnings of the plan being bought: the running total after each payout, from the
 * first earning time to the last, as plain SVG (no chart library on this page). The figures
 * come from the same arithmetic the service pays with (smartMath.earningsSchedule); the
 * coordinates are floats only for drawing. Time runs left to right in every language.
 */
export function EarningsChart({
  amount,
  dailyRate,
  days,
  startMs,
}: {
  amount: string;
  dailyRate: string;
  days: number;
  startMs: number;
}) {
  const { t } = useTranslation();
  const when = useWhen();
  const rows = earningsSchedule(amount, dailyRate, days, startMs);
  const last = rows.at(-1);
  if (!last) return null;
  const total = Number(last.cumulative) || 1;
  const plotW = W - PAD.side * 2;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (day: number) => PAD.side + (day / days) * plotW;
  const y = (v: string) => PAD.top + plotH - (Number(v) / total) * plotH;
  const base = PAD.top + plotH;
  const label = t('smart.chartLabel', {
    days,
    total: usdt(last.cumulative, 6),
    first: when(rows[0].time),
    last: when(last.time),
  });
  return (
    <figure className={styles.chart} data-testid="earnings-chart" data-points={rows.length}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} preserveAspectRatio="none">
        <line className={styles.axis} x1={PAD.side} y1={base} x2={W - PAD.side} y2={base} />
        {days <= MAX_BARS ? (
          rows.map((r) => {
            const w = plotW / days;
            return (
              <rect
                key={r.day}
                className={styles.bar}
                x={x(r.day - 1) + w * 0.15}
                y={y(r.cumulative)}
                width={w * 0.7}
                height={base - y(r.cumulative)}
              />
            );
          })
        ) : (
          <polygon className={styles.area} points={`${x(0)},${base} ${x(days)},${y(last.cumulative)} ${x(days)},${base}`} />
        )}
      </svg>
      <figcaption className={styles.chartCaption}>
        <span>{when(rows[0].time, true)}</span>
        <strong className="num" data-testid="chart-total">
          {t('smart.chartTotal', { total: usdt(last.cumulative, 6) })}
        </strong>
        <span>{when(last.time, true)}</span>
      </figcaption>
    </figure>
  );
}
