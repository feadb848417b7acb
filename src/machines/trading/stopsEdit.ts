import { Err } from '../../contract/errors.ts';
import { editedStopsRuleBroken, type PositionTerms } from '../../contract/optionsMath.ts';
import { ORDER_RULE_CODES, type OptionsPosition, type UpdateStopsBody } from '../../contract/trading.ts';
import { refused, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * Changing the stop-loss and take-profit of an open position (docs/trading.md, "Changing the
 * stops"). The guard applies the service's own rule (src/contract/optionsMath.ts) to the price
 * the screen shows, so a level the service would refuse is explained before anything is sent;
 * the service checks again against its current price. The user may change the levels again.
 */
export interface StopsDraft {
  id: string;
  /** as typed; empty removes the level */
  stopLoss: string;
  takeProfit: string;
  /** the position's terms (its product's constants) and its own stop-out price */
  terms: PositionTerms;
  stopOut: string;
  minDistance: string;
  /** the live price; null while the market is closed or the price stale */
  price: string | null;
}

const level = (typed: string) => (typed.trim() === '' ? null : typed.trim());

export const stopsBody = (d: StopsDraft): UpdateStopsBody => ({
  id: d.id,
  stopLoss: level(d.stopLoss),
  takeProfit: level(d.takeProfit),
});

export function stopsRefusal(d: StopsDraft): Refusal | null {
  if (d.price === null) return refused(Err.NOT_TRADABLE);
  const body = stopsBody(d);
  const rule = editedStopsRuleBroken(d.terms, body, { price: d.price, stopOut: d.stopOut, minDistance: d.minDistance });
  return rule ? refused(ORDER_RULE_CODES[rule], { price: d.price }) : null;
}

export const stopsEditMachine = submissionMachine<'stopsEdit', StopsDraft, OptionsPosition>({
  id: 'stopsEdit',
  check: stopsRefusal,
  again: true,
});
