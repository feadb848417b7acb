/**
 * Changing the stop-loss and take-profit of an open position (docs/trading.md, "Changing the
 * stops"). The new levels follow the opening rules against the CURRENT price, so a level the
 * price has already passed is refused rather than firing at once; the stop-out price stays the
 * position's own. No money moves: only the levels, the figures that derive from them (expected
 * return, maximum loss) and the time of the change are written, under the row's lock, so a
 * change and a settlement of the same position never interleave.
 */
import { eq } from 'drizzle-orm';
import type { Book } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import { editedStopsRuleBroken, expectedReturn, maxLoss } from '../../src/contract/optionsMath.ts';
import { ORDER_RULE_CODES, type OptionsPosition, type UpdateStopsBody } from '../../src/contract/trading.ts';
import { optionsOrders } from './schema.ts';
import { userWritten } from '../platform/db/userWrites.ts';
import { BizError } from '../platform/http/errors.ts';
import { ownOrder, viewOf } from './orders.ts';
import { requireProduct } from './products.ts';
import type { TradingDeps } from './deps.ts';
import { termsOfRow } from './view.ts';

/**
 * Sets both levels of the user's open position (null removes one). Refusals write nothing:
 * 10043 not theirs, 10065 closed, 10015 market closed or price stale, 10060 / 10061 / 10062 the
 * stop rules at the current price. Sending the levels it already has answers it unchanged.
 */
export async function updateStops(
  deps: TradingDeps,
  userId: bigint,
  book: Book,
  b: UpdateStopsBody,
  id: bigint,
): Promise<OptionsPosition> {
  const before = await ownOrder(deps.db, userId, book, id);
  if (before.status !== 'open') throw new BizError(Err.POSITION_CLOSED);
  const { product, quote } = requireProduct(deps.market, before.code, { maxOpenPositions: deps.maxOpenPositions });
  if (!product.tradable) throw new BizError(Err.NOT_TRADABLE, { code: product.code });
  const price = deps.market.formatPrice(quote);
  const terms = termsOfRow(before);
  const stops = { stopLoss: b.stopLoss, takeProfit: b.takeProfit };
  const rule = editedStopsRuleBroken(terms, stops, { price, stopOut: before.stopOutPrice, minDistance: product.minDistance });
  if (rule) throw new BizError(ORDER_RULE_CODES[rule], { code: product.code, price });

  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(optionsOrders).where(eq(optionsOrders.id, id)).for('update');
    // settled between the read and the lock: the levels no longer matter
    if (!r || r.status !== 'open') throw new BizError(Err.POSITION_CLOSED);
    const [after] = await tx
      .update(optionsOrders)
      .set({
        stopLoss: stops.stopLoss,
        takeProfit: stops.takeProfit,
        expectedReturn: expectedReturn(terms, stops.takeProfit),
        maxLoss: maxLoss(terms, stops.stopLoss),
        stopsChangedAt: new Date(deps.now()),
        // a trailing stop keeps trailing from the level set here; removing the stop-loss ends it
        ...(stops.stopLoss === null ? { trailingDistance: null } : {}),
      })
      .where(eq(optionsOrders.id, id))
      .returning();
    await userWritten(tx, userId);
    return after;
  });
  deps.onStopsChanged?.(row);
  return viewOf(deps, row);
}
