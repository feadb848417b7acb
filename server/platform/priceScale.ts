/**
 * Trigger prices as exact integers: a decimal string scaled by 10^18 becomes one BigInt, so every
 * comparison on the tick path is an exact integer comparison (no float rounding, no decimal
 * library per tick). Feed prices carry at most 12 decimals; levels computed by the order
 * formulas are rounded to the instrument's precision, so 18 leaves room to spare.
 */

/** Decimals kept; a price with more significant decimals is refused rather than rounded. */
export const PRICE_DECIMALS = 18;

const PLAIN = /^([+-]?)(\d+)(?:\.(\d*))?$/;
const PADDING = '0'.repeat(PRICE_DECIMALS);

/**
 * `"123.45"` → 123450000000000000000n. Accepts plain decimal notation only (what the feed and the
 * decimal library's `toFixed` produce). Throws RangeError on anything else, or on more than 18
 * significant decimals, because rounding would make an inclusive comparison lie at the edge.
 */
export function scalePrice(text: string): bigint {
  const m = PLAIN.exec(text);
  if (!m) throw new RangeError(`not a decimal price: ${JSON.stringify(text)}`);
  let frac = m[3] ?? '';
  if (frac.length > PRICE_DECIMALS) {
    // trailing zeros beyond the scale are harmless; anything else would need rounding
    if (/[^0]/.test(frac.slice(PRICE_DECIMALS))) throw new RangeError(`more than ${PRICE_DECIMALS} decimals: ${text}`);
    frac = frac.slice(0, PRICE_DECIMALS);
  }
  const scaled = BigInt(m[2] + frac + PADDING.slice(frac.length));
  return m[1] === '-' ? -scaled : scaled;
}
