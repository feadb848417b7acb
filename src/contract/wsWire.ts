/**
 * The price feed's conversions between the wire (src/contract/ws.ts) and the code: pure functions,
 * apart from the schemas so the browser's feed socket imports them without the wire schemas (and
 * the user events' schemas they hold) reaching the home page's JavaScript.
 */
/** One price on the wire (ws.ts, WsTick). */
type WsTick = { code: string; price: string; zdf: number };

/** One price as the code works with it. */
export interface PriceTick {
  code: string;
  /** Decimal string at the instrument's precision. */
  price: string;
  /** 24h change, percent, 2 decimals. */
  change24hPct: number;
}
export const tickToWire = (t: PriceTick): WsTick => ({ code: t.code, price: t.price, zdf: t.change24hPct });
export const tickFromWire = (t: WsTick): PriceTick => ({ code: t.code, price: t.price, change24hPct: t.zdf });
/** A prices message; entries that are not objects (a malformed frame) are left out, field checks stay with the reader. */
export const ticksFromWire = (ticks: readonly WsTick[]): PriceTick[] =>
  ticks.flatMap((t) => (t !== null && typeof t === 'object' ? [tickFromWire(t)] : []));

/** The stale codes as the meta frame carries them: an object, so the frame has no '['. */
export const staleToWire = (codes: readonly string[]): Record<string, true> =>
  Object.fromEntries(codes.map((c) => [c, true as const]));
/** The stale codes of a meta frame (the object's keys); anything but an object is read as none. */
export const staleFromWire = (stale: unknown): string[] =>
  stale && typeof stale === 'object' && !Array.isArray(stale) ? Object.keys(stale) : [];
