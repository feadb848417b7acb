import Decimal from 'decimal.js';
import type { OptionsPosition } from '../../contract/trading.ts';
import { stopsRefusal, type StopsDraft } from './stopsEdit.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * Moving a stop on the chart (docs/trading.md, "Stops on the chart"): the open position's
 * stop-loss and take-profit are lines on the instrument chart; the user picks one and drags it
 * (or taps the chart where it should go, which works on touch), and the chart proposes that level.
 * Nothing is sent until the user confirms:
 *
 *   editing ─chartStop.submit [valid]→ confirming ─chartStop.confirm→ submitting ─done→ submitted ─reset→ editing
 *      └[else]→ failed (the rule's text)      └─chartStop.edit→ editing
 *
 * The guard is the stops editor's own rule (stopsEdit.ts stopsRefusal: the levels against the
 * live price, the position's stop-out) and the call is the same updateOptionsStops, so a level
 * dragged on the chart is accepted or refused exactly as one typed in the editor.
 */
export type ChartStopKind = 'stopLoss' | 'takeProfit';

/** The stops the position would have with `kind` moved to `level` (the other level kept). */
export function proposeStops(
  base: Omit<StopsDraft, 'stopLoss' | 'takeProfit'>,
  position: Pick<OptionsPosition, 'stopLoss' | 'takeProfit'>,
  kind: ChartStopKind,
  level: string,
): StopsDraft {
  return {
    ...base,
    stopLoss: kind === 'stopLoss' ? level : (position.stopLoss ?? ''),
    takeProfit: kind === 'takeProfit' ? level : (position.takeProfit ?? ''),
  };
}

/** The plot area of the chart as the pointer sees it: its top and height in pixels, and the prices at its bottom and top. */
export interface PlotArea {
  top: number;
  height: number;
  min: number;
  max: number;
}

/** The price at pixel row `y` of the plot area, at the instrument's precision (clamped to the area). */
export function levelAt(y: number, area: PlotArea, precision: number): string {
  const share = Math.min(1, Math.max(0, (y - area.top) / area.height));
  return new Decimal(area.max).minus(new Decimal(area.max - area.min).mul(share)).toFixed(precision);
}

export const chartStopMachine = submissionMachine<'chartStop', StopsDraft, OptionsPosition>({
  id: 'chartStop',
  check: stopsRefusal,
  confirm: true,
  again: true,
});
