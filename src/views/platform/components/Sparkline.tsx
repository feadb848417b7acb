import styles from './Sparkline.module.css';

/** A plain-SVG mini chart of the last points (no chart library on the home page). */
export function Sparkline({
  points,
  up,
  width = 96,
  height = 32,
}: {
  points: readonly number[];
  up: boolean;
  width?: number;
  height?: number;
}) {
  if (points.length < 2) return <svg width={width} height={height} aria-hidden="true" />;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const step = width / (points.length - 1);
  const d = points
    .map(
      (p, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${(height - 2 - ((p - min) / span) * (height - 4)).toFixed(1)}`,
    )
    .join('');
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      className={styles.chart}
      data-points={points.length}
    >
      <path d={d} fill="none" stroke={up ? 'var(--up)' : 'var(--down)'} strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}
