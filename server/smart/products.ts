/**
 * Smart products: seeded with the three defaults, edited by operators (audited). A product's
 * terms carry what the reserve can still back of them, so the app can show "sold out" before
 * anyone tries.
 */
import Decimal from 'decimal.js';
import { asc, eq, sql } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import {
  DAILY_RATE_MAX,
  PENALTY_MAX,
  SMART_ASSET,
  type SmartProduct,
  type UpdateSmartProductBody,
} from '../../src/contract/smart.ts';
import { annualRate, coveredAmount } from '../../src/contract/smartMath.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { smartProducts } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { parseOperatorAmount } from '../platform/operators/operatorAmounts.ts';
import { fmt } from '../platform/ledger/amounts.ts';

export type ProductRow = typeof smartProducts.$inferSelect;

/** The defaults (docs/smart-plans.md): 100 to 100,000 USDT, 2 % early-exit penalty. */
const DEFAULTS = [
  { code: 'flexible-7', name: 'Flexible 7', terms: [{ days: 7, dailyRate: '0.0001' }] },
  { code: 'steady-30', name: 'Steady 30', terms: [{ days: 30, dailyRate: '0.00016' }] },
  { code: 'long-90', name: 'Long 90', terms: [{ days: 90, dailyRate: '0.00022' }] },
];

/** Inserts the defaults once; an operator's later edits are never overwritten. */
export async function seedProducts(db: Db): Promise<void> {
  await db
    .insert(smartProducts)
    .values(
      DEFAULTS.map((p, position) => ({
        ...p,
        asset: SMART_ASSET,
        minAmount: '100',
        maxAmount: '100000',
        earlyExitPenalty: '0.02',
        position,
      })),
    )
    .onConflictDoNothing({ target: smartProducts.code });
}

/** A rate as stored (NUMERIC with trailing zeros) back to its shortest decimal string. */
export const rateOf = (v: string) => new Decimal(v).toFixed();

export function productView(p: ProductRow, reserveBalance: string): SmartProduct {
  const max = fmt(SMART_ASSET, p.maxAmount);
  return {
    id: p.id.toString(),
    name: p.name,
    asset: SMART_ASSET,
    minAmount: fmt(SMART_ASSET, p.minAmount),
    maxAmount: max,
    earlyExitPenalty: rateOf(p.earlyExitPenalty),
    enabled: p.enabled,
    terms: p.terms.map((t) => {
      const covered = coveredAmount(reserveBalance, t.dailyRate, t.days, max);
      return {
        days: t.days,
        dailyRate: rateOf(t.dailyRate),
        annualRate: annualRate(t.dailyRate),
        coveredAmount: covered,
        available: new Decimal(covered).gte(p.minAmount),
      };
    }),
  };
}

export async function allProducts(db: DbOrTx, opts: { enabledOnly?: boolean } = {}): Promise<ProductRow[]> {
  const rows = await db.select().from(smartProducts).orderBy(asc(smartProducts.position), asc(smartProducts.id));
  return opts.enabledOnly ? rows.filter((r) => r.enabled) : rows;
}

export async function productById(db: DbOrTx, id: bigint): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(smartProducts).where(eq(smartProducts.id, id));
  return row;
}

const malformed = (detail: string) => new BizError(Err.MALFORMED_REQUEST, { detail });

/**
 * An operator's edit, checked: limits within OPERATOR_AMOUNT_MAX and the asset's precision
 * (10269, 10270), min ≤ max, each term once, rates above zero and within bounds.
 */
export function checkProductEdit(b: UpdateSmartProductBody, amountMax: string) {
  const minAmount = parseOperatorAmount(SMART_ASSET, b.minAmount, { max: amountMax, field: 'minAmount' });
  const maxAmount = parseOperatorAmount(SMART_ASSET, b.maxAmount, { max: amountMax, field: 'maxAmount' });
  if (new Decimal(maxAmount).lt(minAmount)) throw malformed('maxAmount below minAmount');
  const seen = new Set<number>();
  for (const t of b.terms) {
    if (seen.has(t.days)) throw malformed(`term of ${t.days} days given twice`);
    seen.add(t.days);
    const r = new Decimal(t.dailyRate);
    if (r.lte(0) || r.gt(DAILY_RATE_MAX)) throw malformed(`daily rate must be above 0 and at most ${DAILY_RATE_MAX}`);
  }
  if (new Decimal(b.earlyExitPenalty).gt(PENALTY_MAX)) throw malformed(`early-exit penalty at most ${PENALTY_MAX}`);
  const name = b.name.trim();
  if (!name) throw malformed('name required');
  return {
    name,
    minAmount,
    maxAmount,
    enabled: b.enabled,
    terms: [...b.terms].sort((a, c) => a.days - c.days).map((t) => ({ days: t.days, dailyRate: rateOf(t.dailyRate) })),
    earlyExitPenalty: rateOf(b.earlyExitPenalty),
  };
}

/** Saves an operator's edit with its audit record; running plans keep the terms they bought. */
export async function updateProduct(
  db: Db,
  operatorId: bigint,
  id: bigint,
  b: UpdateSmartProductBody,
  amountMax: string,
): Promise<ProductRow> {
  const change = checkProductEdit(b, amountMax);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(smartProducts).where(eq(smartProducts.id, id)).for('update');
    if (!before) throw new BizError(Err.SMART_PRODUCT_WRONG);
    const [after] = await tx
      .update(smartProducts)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(smartProducts.id, id))
      .returning();
    await writeAudit(tx, {
      actorId: operatorId,
      action: 'smart_product.update',
      targetType: 'smart_product',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}
