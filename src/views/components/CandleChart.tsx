import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import type { Candle } from '../../services/types.ts';
import styles from './CandleChart.module.css';

/** A colour token's value (src/views/styles/tokens.css): ApexCharts writes colours into SVG attributes, where var() does not work. */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** The full candlestick chart. Loaded lazily (its own chunk): only /cruuency draws it. */
export default function CandleChart({ candles, label }: { candles: readonly Candle[]; label: string }) {
  const series = [{ name: label, data: candles.map((c) => ({ x: new Date(c.time).getTime(), y: [Number(c.open), Number(c.high), Number(c.low), Number(c.close)] })) }];
  const options: ApexOptions = {
    chart: { type: 'candlestick', toolbar: { show: false }, animations: { enabled: false }, fontFamily: 'inherit', zoom: { enabled: false } },
    xaxis: { type: 'datetime', labels: { datetimeUTC: false } },
    yaxis: { tooltip: { enabled: true }, labels: { formatter: (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 8 }) } },
    plotOptions: { candlestick: { colors: { upward: token('--up'), downward: token('--down') } } },
    grid: { borderColor: token('--line') },
  };
  return (
    <div data-testid="candle-chart" role="img" aria-label={label} className={styles.chart}>
      <Chart type="candlestick" series={series} options={options} height={360} />
    </div>
  );
}
