import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Candle } from '../../services/platform/types.ts';
import type { OptionsPosition, OptionsProduct } from '../../contract/trading.ts';
import { levelAt, proposeStops, type ChartStopKind, type PlotArea } from '../../machines/trading/chartStops.ts';
import { confirmedSubmissionView } from '../../machines/platform/submission.ts';
import { INDICATORS, readIndicators, writeIndicators, type Indicator } from '../../services/trading/indicators.ts';
import { chartStopFlow } from '../../services/trading/flows.ts';
import { useOptionsProduct, useOrders } from '../../services/trading/queries.ts';
import { useQuote, useSession } from '../platform/app/hooks.ts';
import { useFlow, useLatest, useRefusalText } from '../platform/app/useFlow.ts';
import type { ChartLine } from '../platform/components/CandleChart.tsx';
import { ConfirmBox } from './ConfirmBox.tsx';
import { Figure } from './parts.tsx';
import { positionTerms } from './figures.ts';
import styles from './trade.module.css';

// ApexCharts (~150 kB gzip) is fetched only when a full chart is drawn.
const CandleChart = lazy(() => import('../platform/components/CandleChart.tsx'));

/**
 * The instrument chart with what a trader adds to it: indicator toggles (remembered on this
 * device) and, for an open position on this instrument, its stop-loss and take-profit as lines.
 * "Move" on a line puts the chart in picking mode; a tap or a drag released on the plot proposes
 * that level, which the user confirms (the chartStop flow: the stops editor's rules and call).
 */
export function ChartPanel({ code, candles, label }: { code: string; candles: readonly Candle[]; label: string }) {
  const { t } = useTranslation();
  const [on, setOn] = useState<Indicator[]>(() => readIndicators(localStorage));
  const toggle = (i: Indicator) => {
    const next = on.includes(i) ? on.filter((x) => x !== i) : [...on, i];
    writeIndicators(localStorage, next);
    setOn(next);
  };
  const { loggedIn } = useSession();
  const open = useOrders({ status: 'open', code, page: 1, pageSize: 50 }, loggedIn);
  const product = useOptionsProduct(code);
  const position = loggedIn ? open.data?.rows[0] : undefined;
  return (
    <>
      <div className={styles.chips} role="group" aria-label={t('chart.indicators')} data-testid="indicator-toggles">
        {INDICATORS.map((i) => (
          <button key={i} type="button" aria-pressed={on.includes(i)} onClick={() => toggle(i)} data-testid={`indicator-${i}`}>
            {t(`chart.ind.${i}`)}
          </button>
        ))}
      </div>
      {position && product.data ? (
        <StopsOnChart position={position} product={product.data} candles={candles} label={label} indicators={on} />
      ) : (
        <Suspense fallback={<p aria-busy="true">{t('detail.loadingChart')}</p>}>
          <CandleChart candles={candles} label={label} indicators={on} labels={indicatorLabels(t)} />
        </Suspense>
      )}
    </>
  );
}

const indicatorLabels = (t: (k: string) => string) => ({
  sma: t('chart.ind.sma'),
  ema: t('chart.ind.ema'),
  upper: t('chart.bandUpper'),
  lower: t('chart.bandLower'),
  rsi: t('chart.ind.rsi'),
  volume: t('chart.ind.volume'),
});

function StopsOnChart({
  position,
  product,
  candles,
  label,
  indicators,
}: {
  position: OptionsPosition;
  product: OptionsProduct;
  candles: readonly Candle[];
  label: string;
  indicators: readonly Indicator[];
}) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const quote = useQuote(position.code);
  const price = product.tradable ? (quote?.price ?? null) : null;
  const [moving, setMoving] = useState<ChartStopKind | null>(null);
  const saved = useLatest(() => setMoving(null));
  const [flow, send] = useFlow((client) => chartStopFlow(client, position.book, saved), confirmedSubmissionView);
  const lines: ChartLine[] = [];
  if (position.stopLoss)
    lines.push({
      id: 'sl',
      price: position.stopLoss,
      label: t(position.trailingDistance ? 'orders.trailing' : 'orders.stopLoss'),
      tone: 'down',
    });
  if (position.takeProfit) lines.push({ id: 'tp', price: position.takeProfit, label: t('orders.takeProfit'), tone: 'up' });
  const proposal = flow.confirming;
  if (proposal && moving)
    lines.push({
      id: 'new',
      price: moving === 'stopLoss' ? proposal.stopLoss : proposal.takeProfit,
      label: t('chart.proposed'),
      tone: 'accent',
      dashed: true,
    });
  const onPoint = (y: number, area: PlotArea) => {
    if (!moving) return;
    const level = levelAt(y, area, product.pricePrecision);
    send({ type: 'chartStop.reset' });
    send({
      type: 'chartStop.submit',
      values: proposeStops(
        {
          id: position.id,
          terms: positionTerms(position),
          stopOut: position.stopOutPrice,
          minDistance: product.minDistance,
          price,
        },
        position,
        moving,
        level,
      ),
    });
  };
  return (
    <>
      <div className={styles.chips} role="group" aria-label={t('chart.moveStops')} data-testid="chart-stops">
        {(['stopLoss', 'takeProfit'] as const).map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={moving === k}
            onClick={() => setMoving(moving === k ? null : k)}
            data-testid={`chart-move-${k}`}
          >
            {t(`chart.move.${k}`)}
          </button>
        ))}
      </div>
      {moving && (
        <p className={styles.hintLine} role="status" data-testid="chart-pick-hint">
          {t('chart.pickHint')}
        </p>
      )}
      {flow.refusal && (
        <p className={styles.refusal} role="alert" data-testid="chart-stop-refusal">
          {text(flow.refusal)}
        </p>
      )}
      <Suspense fallback={<p aria-busy="true">{t('detail.loadingChart')}</p>}>
        <CandleChart
          candles={candles}
          label={label}
          indicators={indicators}
          lines={lines}
          onPoint={moving ? onPoint : undefined}
          labels={indicatorLabels(t)}
        />
      </Suspense>
      {proposal && moving && (
        <ConfirmBox
          title={t(`chart.confirm.${moving}`)}
          book={position.book}
          busy={flow.busy}
          testId="chart-stop-confirm"
          confirmLabel={t('orders.saveStops')}
          refusal={text(flow.refusal)}
          onConfirm={() => send({ type: 'chartStop.confirm' })}
          onCancel={() => send({ type: 'chartStop.edit' })}
        >
          <dl className={styles.figures}>
            <Figure
              label={t('chart.current')}
              value={(moving === 'stopLoss' ? position.stopLoss : position.takeProfit) ?? null}
            />
            <Figure
              label={t('chart.proposed')}
              value={moving === 'stopLoss' ? proposal.stopLoss : proposal.takeProfit}
              testId="chart-stop-level"
            />
            <Figure label={t('orders.priceNow')} value={price} />
          </dl>
        </ConfirmBox>
      )}
    </>
  );
}
