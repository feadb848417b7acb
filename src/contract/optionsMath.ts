/**
 * The arithmetic of a leveraged options position, shared by the server (which opens, values and
 * settles positions with it) and the app (which shows the same figures before the user confirms),
 * so the two can never disagree. Pure decimal.js: no DOM, no Node, no floats.
 *
 * Rounding (money in USDT, 6 decimals; prices at the instrument's precision):
 * - notional: half up; margin and fees: up (the user never holds less margin than the rule says);
 * - profit: toward zero, then floored at −margin (negative-balance protection);
 * - trigger prices: toward the open price for the stop-out (it fires no later than the level),
 *   away from it for the breakeven (reaching it really covers the fees).
 * docs/trading.md has the formulas with worked numbers.
 */
import Decimal from 'decimal.js';

export const MONEY_DECIMALS = 6;
export type Direction = 'up' | 'down';

/** What fixes a position's arithmetic once it is open. Decimal inputs are strings. */
export interface PositionTerms {
  direction: Direction;
  lots: string;
  /** Units of the instrument per lot. */
  contractSize: string;
  leverage: number;
  /** Fee per side, as a fraction of the notional ("0.0005" = 0.05 %). */
  feeRate: string;
  openPrice: string;
  /** USDT per unit of the instrument's quote currency, fixed at opening (1 for USD/USDT quotes). */
  quoteRate: string;
  /** Fraction of the margin lost at which the position is stopped out ("0.9"). */
  stopOutLevel: string;
  pricePrecision: number;
}

const D = (v: Decimal.Value) => new Decimal(v);
const money = (d: Decimal, rounding: Decimal.Rounding) => d.toDecimalPlaces(MONEY_DECIMALS, rounding);
const moneyString = (d: Decimal) => d.toFixed(MONEY_DECIMALS);
const sign = (dir: Direction) => (dir === 'up' ? 1 : -1);

/** Value in USDT of one unit of price movement for the whole position: lots × contractSize × quoteRate. */
function exposure(t: Pick<PositionTerms, 'lots' | 'contractSize' | 'quoteRate'>): Decimal {
  return D(t.lots).mul(t.contractSize).mul(t.quoteRate);
}

/** openPrice × lots × contractSize, in USDT. */
export function notional(t: Pick<PositionTerms, 'lots' | 'contractSize' | 'quoteRate' | 'openPrice'>): string {
  return moneyString(money(exposure(t).mul(t.openPrice), Decimal.ROUND_HALF_UP));
}

/** notional / leverage: what moves from available to order margin at opening. */
export function margin(t: Pick<PositionTerms, 'lots' | 'contractSize' | 'quoteRate' | 'openPrice' | 'leverage'>): string {
  return moneyString(money(D(notional(t)).div(t.leverage), Decimal.ROUND_UP));
}

/** notional × feeRate: charged at opening and again at closing. */
export function fee(t: Pick<PositionTerms, 'lots' | 'contractSize' | 'quoteRate' | 'openPrice' | 'feeRate'>): string {
  return moneyString(money(D(notional(t)).mul(t.feeRate), Decimal.ROUND_UP));
}

/** The price move times the exposure, before the floor (may be below −margin when the price gaps). */
export function rawPnl(t: PositionTerms, closePrice: string): string {
  const move = D(closePrice).minus(t.openPrice).mul(sign(t.direction));
  return moneyString(money(move.mul(exposure(t)), Decimal.ROUND_DOWN));
}

/** (close − open) × lots × contractSize × dir, never below −margin. */
export function pnl(t: PositionTerms, closePrice: string): string {
  const raw = D(rawPnl(t, closePrice));
  const floor = D(margin(t)).neg();
  return moneyString(Decimal.max(raw, floor));
}

/** Price at `lossOrGain` USDT of profit (negative = loss), rounded as asked. */
function priceAtPnl(t: PositionTerms, amount: Decimal, rounding: Decimal.Rounding): Decimal {
  const price = D(t.openPrice).add(amount.div(exposure(t)).mul(sign(t.direction)));
  return price.toDecimalPlaces(t.pricePrecision, rounding);
}

/** The price at which pnl = −margin × stopOutLevel, rounded toward the open price. */
export function stopOutPrice(t: PositionTerms): string {
  const loss = D(margin(t)).mul(t.stopOutLevel).neg();
  const rounding = t.direction === 'up' ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR;
  return Decimal.max(priceAtPnl(t, loss, rounding), 0).toFixed(t.pricePrecision);
}

/** The price at which the profit pays both fees (opening and closing), rounded away from the open price. */
export function breakevenPrice(t: PositionTerms): string {
  const fees = D(fee(t)).mul(2);
  const rounding = t.direction === 'up' ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR;
  return priceAtPnl(t, fees, rounding).toFixed(t.pricePrecision);
}

/** The price `pct` percent away from the open price in the position's favour (negative: against it). */
export function movedPrice(t: Pick<PositionTerms, 'openPrice' | 'direction' | 'pricePrecision'>, pct: number): string {
  const factor = D(1).add(D(pct).div(100).mul(sign(t.direction)));
  return D(t.openPrice).mul(factor).toDecimalPlaces(t.pricePrecision, Decimal.ROUND_HALF_UP).toFixed(t.pricePrecision);
}

/**
 * What a position closed at `closePrice` leaves the user with, after both fees: pnl − opening fee −
 * closing fee (the closing fee capped as in `settlement`). Negative is a loss. This is the one
 * "result" every screen, notification and receipt states (docs/trading.md, "Figures"); the pnl
 * before fees is shown only labelled as such.
 */
export function netAt(t: PositionTerms, closePrice: string): string {
  const s = settlement(t, closePrice);
  return moneyString(D(s.pnl).minus(fee(t)).minus(s.closeFee));
}

/**
 * `pnl` and `netAt` of one position at many prices: the figures fixed by its terms (exposure,
 * margin, fee) are computed once, and each price then costs a subtraction and a few products (a
 * list page values every open position at each request). The same operations in the same order
 * as pnl() and netAt(), so the same strings (tests/unit/trading/optionsMath.valuer.test.ts).
 */
export function valuer(t: PositionTerms): (closePrice: string) => { pnl: string; net: string } {
  const exp = exposure(t);
  const open = D(t.openPrice);
  const dir = sign(t.direction);
  const m = D(margin(t));
  const f = D(fee(t));
  const floor = m.neg();
  return (closePrice) => {
    const raw = money(D(closePrice).minus(open).mul(dir).mul(exp), Decimal.ROUND_DOWN);
    const p = Decimal.max(raw, floor);
    const closeFee = Decimal.min(f, m.minus(Decimal.max(p.neg(), 0)));
    return { pnl: moneyString(p), net: moneyString(p.minus(f).minus(closeFee)) };
  };
}

/** The result after both fees of a settled position, from its stored pnl and fees (signed). */
export function netOfSettled(pnlValue: string, openFee: string, closeFee: string | null): string {
  return moneyString(
    D(pnlValue)
      .minus(openFee)
      .minus(closeFee ?? '0'),
  );
}

/**
 * The result after both fees at the take-profit, or without one at a 1 % favourable move (signed:
 * a move too small to pay the fees is a negative "return").
 */
export function expectedReturn(t: PositionTerms, takeProfit?: string | null): string {
  return netAt(t, takeProfit ?? movedPrice(t, 1));
}

/**
 * The result after both fees at the stop-loss; without one the most the position can lose: the
 * whole margin (the pnl floor, however far the price gaps) plus the opening fee, the closing fee
 * being capped at what is left of the margin (nothing). Negative, or zero and above only for a
 * stop-loss that locks in a profit.
 */
export function maxLoss(t: PositionTerms, stopLoss?: string | null): string {
  return stopLoss ? netAt(t, stopLoss) : moneyString(D(margin(t)).add(fee(t)).neg());
}

/**
 * What the user gets back at closing: the margin plus the pnl, less the closing fee. The fee is
 * capped at what is left of the margin, so a position can always be closed and the loss never
 * exceeds the margin (plus the opening fee, paid already).
 */
export function settlement(
  t: PositionTerms,
  closePrice: string,
): { pnl: string; rawPnl: string; closeFee: string; returned: string } {
  const p = D(pnl(t, closePrice));
  const m = D(margin(t));
  const loss = Decimal.max(p.neg(), 0);
  const closeFee = Decimal.min(D(fee(t)), m.minus(loss));
  const returned = m.add(p).minus(closeFee);
  return { pnl: moneyString(p), rawPnl: rawPnl(t, closePrice), closeFee: moneyString(closeFee), returned: moneyString(returned) };
}

export type ScenarioKind = 'move' | 'takeProfit' | 'stopLoss' | 'stopOut';
export interface ScenarioRow {
  kind: ScenarioKind;
  /** For 'move': the price change in percent (−5, −1, 1, 5). */
  movePct: number | null;
  price: string;
  /** pnl at that price (floored at −margin). */
  pnl: string;
  /** the result after both fees there (`netAt`) */
  net: string;
}

/** Price ±1 %, ±5 %, at the take-profit, the stop-loss and the stop-out; highest price first. */
export function scenarioTable(
  t: PositionTerms,
  stops: { stopLoss?: string | null; takeProfit?: string | null } = {},
): ScenarioRow[] {
  const row = (kind: ScenarioKind, price: string, movePct: number | null = null): ScenarioRow => ({
    kind,
    movePct,
    price,
    pnl: pnl(t, price),
    net: netAt(t, price),
  });
  const rows: ScenarioRow[] = [-5, -1, 1, 5].map((pct) => {
    // movePct is the change of the price itself (not of the position's favour)
    const favour = t.direction === 'up' ? pct : -pct;
    return row('move', movedPrice(t, favour), pct);
  });
  if (stops.takeProfit) rows.push(row('takeProfit', stops.takeProfit));
  if (stops.stopLoss) rows.push(row('stopLoss', stops.stopLoss));
  rows.push(row('stopOut', stopOutPrice(t)));
  return rows.sort((a, b) => D(b.price).cmp(a.price));
}

// ---------------------------------------------------------------- validation

/**
 * The rules an order can break, each refused with its own catalogue code (ORDER_RULE_CODES in
 * src/contract/trading.ts): lots, leverage, period, stop-loss, take-profit, and the two together
 * with the leverage (a stop-loss the stop-out would pass first).
 */
export type OrderRule = 'lots' | 'leverage' | 'period' | 'stopLoss' | 'takeProfit' | 'combined';

/** A decimal as typed: digits with an optional fraction, nothing else. */
export const isPlainDecimal = (s: string | null | undefined): s is string =>
  typeof s === 'string' && /^[0-9]{1,20}(\.[0-9]{1,18})?$/.test(s);

export interface ProductRules {
  contractSize: string;
  lotStep: string;
  leverageChoices: readonly number[];
  periodChoices: readonly number[];
  feeRate: string;
  maxNotional: string;
  stopOutLevel: string;
  /** Smallest distance of a stop-loss or take-profit from the price, as a fraction ("0.001"). */
  minDistance: string;
  pricePrecision: number;
}

export interface OrderInput {
  direction: Direction;
  lots: string;
  leverage: number;
  /** seconds */
  period: number;
  stopLoss?: string | null;
  takeProfit?: string | null;
}

/** Lots > 0, a multiple of the step, and a notional within the cap. */
export function lotsRuleBroken(p: ProductRules, lots: string, price: string, quoteRate: string): boolean {
  if (!isPlainDecimal(lots)) return true;
  const l = D(lots);
  if (l.lte(0) || !l.mod(p.lotStep).isZero()) return true;
  return D(notional({ lots, contractSize: p.contractSize, quoteRate, openPrice: price })).gt(p.maxNotional);
}

/** True when `level` is closer to `price` than the minimum distance (a fraction of the price). */
function tooClose(level: Decimal, price: Decimal, minDistance: string): boolean {
  return level.minus(price).abs().lt(price.mul(minDistance));
}

/**
 * Which stop rule fails for an order at `price`, or null. Up: stopOut < stopLoss < price <
 * takeProfit; down: the mirror; each level at least minDistance from the price.
 */
export function stopsRuleBroken(
  terms: PositionTerms,
  stops: { stopLoss?: string | null; takeProfit?: string | null },
  minDistance: string,
  stopOut: string = stopOutPrice(terms),
): 'stopLoss' | 'takeProfit' | 'combined' | null {
  const price = D(terms.openPrice);
  const dir = sign(terms.direction);
  if (stops.stopLoss != null) {
    if (!isPlainDecimal(stops.stopLoss)) return 'stopLoss';
    const sl = D(stops.stopLoss);
    if (sl.lte(0) || sl.minus(price).mul(dir).gte(0) || tooClose(sl, price, minDistance)) return 'stopLoss';
  }
  if (stops.takeProfit != null) {
    if (!isPlainDecimal(stops.takeProfit)) return 'takeProfit';
    const tp = D(stops.takeProfit);
    if (tp.lte(0) || tp.minus(price).mul(dir).lte(0) || tooClose(tp, price, minDistance)) return 'takeProfit';
  }
  if (stops.stopLoss != null && D(stops.stopLoss).minus(stopOut).mul(dir).lte(0)) return 'combined';
  return null;
}

/**
 * Which stop rule a new stop-loss / take-profit of an OPEN position breaks, or null: the same
 * rules as at opening, but against the current price (`price`), while the stop-out price stays
 * the position's own (`stopOut`, fixed by its opening price and leverage).
 */
export function editedStopsRuleBroken(
  terms: PositionTerms,
  stops: { stopLoss: string | null; takeProfit: string | null },
  at: { price: string; stopOut: string; minDistance: string },
): 'stopLoss' | 'takeProfit' | 'combined' | null {
  return stopsRuleBroken({ ...terms, openPrice: at.price }, stops, at.minDistance, at.stopOut);
}

/** The first rule the order breaks at `price`, in the order the service checks them, or null. */
export function orderRuleBroken(p: ProductRules, input: OrderInput, price: string, quoteRate: string): OrderRule | null {
  if (lotsRuleBroken(p, input.lots, price, quoteRate)) return 'lots';
  if (!p.leverageChoices.includes(input.leverage)) return 'leverage';
  if (!p.periodChoices.includes(input.period)) return 'period';
  return stopsRuleBroken(termsOf(p, input, price, quoteRate), input, p.minDistance);
}

/** The position terms of an order at `price` (lots must already be valid). */
export function termsOf(
  p: ProductRules,
  input: Pick<OrderInput, 'direction' | 'lots' | 'leverage'>,
  price: string,
  quoteRate: string,
): PositionTerms {
  return {
    direction: input.direction,
    lots: input.lots,
    contractSize: p.contractSize,
    leverage: input.leverage,
    feeRate: p.feeRate,
    openPrice: price,
    quoteRate,
    stopOutLevel: p.stopOutLevel,
    pricePrecision: p.pricePrecision,
  };
}

/** Every figure shown before confirming (the trade panel and the confirmation dialog). */
export function orderFigures(t: PositionTerms, stops: { stopLoss?: string | null; takeProfit?: string | null } = {}) {
  return {
    notional: notional(t),
    margin: margin(t),
    fee: fee(t),
    /** margin + opening fee: what must be available. */
    required: moneyString(D(margin(t)).add(fee(t))),
    stopOutPrice: stopOutPrice(t),
    breakevenPrice: breakevenPrice(t),
    expectedReturn: expectedReturn(t, stops.takeProfit),
    maxLoss: maxLoss(t, stops.stopLoss),
    scenarios: scenarioTable(t, stops),
  };
}

/**
 * The figures of an order that breaks no rule at `price`, or null: a figure computed from a
 * take-profit on the wrong side (a "return" that is a loss) or from lots that are not valid would
 * be wrong, so the form shows none rather than a wrong one. The form and the confirmation both
 * take their figures from here.
 */
export function validOrderFigures(p: ProductRules, input: OrderInput, price: string, quoteRate: string) {
  if (orderRuleBroken(p, input, price, quoteRate) !== null) return null;
  return orderFigures(termsOf(p, input, price, quoteRate), {
    stopLoss: input.stopLoss ?? null,
    takeProfit: input.takeProfit ?? null,
  });
}
