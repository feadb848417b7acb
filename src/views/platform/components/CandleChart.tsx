import { useMemo, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import type { Candle } from '../../../services/platform/types.ts';
import {
  bollinger,
  ema,
  INDICATOR_PERIODS,
  rsi,
  sma,
  type Indicator,
  type Series,
} from '../../../services/trading/indicators.ts';
import type { PlotArea } from '../../../machines/trading/chartStops.ts';
import { formatAxisTimeIn } from '../../../i18n/axisFormat.ts';
import { formatDecimalIn, intlLocale } from '../../../i18n/format.ts';
import styles from './CandleChart.module.css';

/** A colour token's value (src/views/platform/styles/tokens.css): ApexCharts writes colours into SVG attributes, where var() does not work. */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** A horizontal level drawn across the chart (an open position's stop-loss or take-profit). */
export interface ChartLine {
  id: string;
  price: string;
  label: string;
  tone: 'up' | 'down' | 'accent';
  dashed?: boolean;
}

interface ApexContext {
  el: HTMLElement;
  w: { globals: { minY: number; maxY: number; gridHeight: number; translateY: number } };
}

/**
 * The full candlestick chart, with the indicators the user switched on (SMA, EMA and Bollinger
 * bands over the candles; RSI and volume in their own panes below) and the levels of `lines`.
 * With `onPoint`, a tap or the end of a drag on the plot reports the price under the pointer
 * (the chart stop flow turns it into a proposal). Loaded lazily (its own chunk): only /cruuency
 * draws it.
 */
export default function CandleChart({
  candles,
  label,
  indicators = [],
  lines = [],
  onPoint,
  labels,
}: {
  candles: readonly Candle[];
  label: string;
  indicators?: readonly Indicator[];
  lines?: readonly ChartLine[];
  onPoint?: (y: number, area: PlotArea) => void;
  labels?: Partial<Record<Indicator | 'upper' | 'lower', string>>;
}) {
  const ctx = useRef<ApexContext | null>(null);
  // the axes in the app's language, through its one formatter of numbers and of times (ApexCharts' own labels are English)
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const axisNumber = (v: number, digits: number) => formatDecimalIn(lang, String(Number(v.toFixed(digits))));
  const xs = candles.map((c) => new Date(c.time).getTime());
  const closes = candles.map((c) => Number(c.close));
  const line = (name: string, s: Series) => ({ name, type: 'line', data: s.map((y, i) => ({ x: xs[i], y })) });
  const overlays = [];
  if (indicators.includes('sma')) overlays.push(line(labels?.sma ?? 'SMA', sma(closes, INDICATOR_PERIODS.sma)));
  if (indicators.includes('ema')) overlays.push(line(labels?.ema ?? 'EMA', ema(closes, INDICATOR_PERIODS.ema)));
  if (indicators.includes('bollinger')) {
    const b = bollinger(closes, INDICATOR_PERIODS.bollinger);
    overlays.push(line(labels?.upper ?? 'BB+', b.upper), line(labels?.lower ?? 'BB−', b.lower));
  }
  const candleSeries = {
    name: label,
    type: 'candlestick',
    data: candles.map((c, i) => ({ x: xs[i], y: [Number(c.open), Number(c.high), Number(c.low), Number(c.close)] })),
  };
  // without overlays the chart stays a plain candlestick chart (as before indicators existed)
  const series = overlays.length ? [candleSeries, ...overlays] : [{ name: label, data: candleSeries.data }];
  const remember = (c: unknown) => {
    ctx.current = c as ApexContext;
  };
  const options: ApexOptions = {
    chart: {
      type: overlays.length ? 'line' : 'candlestick',
      toolbar: { show: false },
      animations: { enabled: false },
      fontFamily: 'inherit',
      zoom: { enabled: false },
      events: { mounted: remember, updated: remember },
    },
    xaxis: {
      type: 'datetime',
      labels: {
        datetimeUTC: false,
        formatter: (_v: string, ts?: number) => (ts === undefined ? '' : formatAxisTimeIn(lang, ts)),
      },
    },
    yaxis: { tooltip: { enabled: true }, labels: { formatter: (v: number) => axisNumber(v, 8) } },
    tooltip: { x: { formatter: (ts: number) => formatAxisTimeIn(lang, ts) } },
    plotOptions: { candlestick: { colors: { upward: token('--up'), downward: token('--down') } } },
    grid: { borderColor: token('--line') },
    stroke: { width: overlays.length ? [1, ...overlays.map(() => 1.5)] : 1 },
    legend: { show: overlays.length > 0 },
    annotations: {
      yaxis: lines.map((l) => ({
        y: Number(l.price),
        borderColor: token(l.tone === 'accent' ? '--accent' : `--${l.tone}`),
        strokeDashArray: l.dashed ? 6 : 0,
        label: { text: l.label, borderColor: 'transparent', style: { background: token('--paper'), color: token('--ink') } },
      })),
    },
  };
  // the price under the pointer when it is released (a tap, or the end of a drag on touch or with a mouse)
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const c = ctx.current;
    if (!onPoint || !c) return;
    const g = c.w.globals;
    const rect = c.el.getBoundingClientRect();
    onPoint(e.clientY - rect.top, { top: g.translateY, height: g.gridHeight, min: g.minY, max: g.maxY });
  };
  const volumes = candles.map((c, i) => ({ x: xs[i], y: Number(c.volume) }));
  const rsiSeries = indicators.includes('rsi') ? rsi(closes, INDICATOR_PERIODS.rsi).map((y, i) => ({ x: xs[i], y })) : null;
  // a volume in a narrow pane: thousands and millions in the language's words (Intl's compact notation)
  const compactFormat = useMemo(
    () => new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 1, notation: 'compact' }),
    [lang],
  );
  const compact = (v: number) => compactFormat.format(v);
  const pane = (type: 'bar' | 'line'): ApexOptions => ({
    chart: { type, toolbar: { show: false }, animations: { enabled: false }, fontFamily: 'inherit', zoom: { enabled: false } },
    xaxis: { type: 'datetime', labels: { show: false } },
    grid: { borderColor: token('--line') },
    dataLabels: { enabled: false },
    stroke: { width: type === 'line' ? 1.5 : 0 },
    colors: [token('--accent')],
    yaxis: { tickAmount: 2, labels: { formatter: (v: number) => compact(v) } },
  });
  return (
    <div className={styles.chart}>
      <div
        data-testid="candle-chart"
        role="img"
        aria-label={label}
        className={onPoint ? styles.picking : undefined}
        data-indicators={indicators.join(' ')}
        data-lines={lines.map((l) => `${l.id}:${l.price}`).join(' ')}
        onPointerUp={onPointerUp}
      >
        <Chart type={overlays.length ? 'line' : 'candlestick'} series={series} options={options} height={360} />
      </div>
      {rsiSeries && (
        <div data-testid="rsi-chart" className={styles.pane}>
          <Chart
            type="line"
            series={[{ name: labels?.rsi ?? 'RSI', data: rsiSeries }]}
            height={120}
            options={{
              ...pane('line'),
              yaxis: { min: 0, max: 100, tickAmount: 2 },
              annotations: { yaxis: [30, 70].map((y) => ({ y, borderColor: token('--line'), strokeDashArray: 4 })) },
            }}
          />
        </div>
      )}
      {indicators.includes('volume') && (
        <div data-testid="volume-chart" className={styles.pane}>
          <Chart type="bar" series={[{ name: labels?.volume ?? 'Volume', data: volumes }]} height={100} options={pane('bar')} />
        </div>
      )}
    </div>
  );
}
