import Decimal from 'decimal.js';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HomeFigures } from '../../src/contract/content.ts';
import type { Config } from '../platform/config.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { tradingFeeCeiling } from '../trading/index.ts';

/** The market service as the 'market' plugin decorates it. */
export type Market = FastifyInstance['market'];

/**
 * Home-page figures, computed from the platform's own records, never typed in (docs/content.md;
 * ContentService.homeFigures keeps them for one feed step, at most a second): customers from the users table, listed instruments and the 24h volume from
 * the live market, the fee ceiling from the trading products (the fee of an order, not of a withdrawal).
 */
export async function homeFigures(db: DbOrTx, config: Config, market: Market): Promise<HomeFigures> {
  const live = market.stats();
  const [customers] = await db.select({ n: count() }).from(users).where(eq(users.role, 'customer'));
  const fee = tradingFeeCeiling();
  return {
    registeredUsers: Number(customers?.n ?? 0),
    instruments: {
      total: live.total,
      byType: Object.entries(live.counts)
        .filter(([, n]) => n > 0)
        .map(([type, n]) => ({ type, count: n })),
    },
    volume24hUsdt: new Decimal(live.volume24hUsdt).toFixed(2),
    feeCeiling: { rate: fee.toString(), percent: fee.times(100).toString() },
    // FEED=exchange feeds crypto only: the rest is still simulated and in the volume above
    simulatedPrices: config.feed.kind === 'simulated' || live.source === 'simulated',
    computedAt: new Date(market.now()).toISOString(),
  };
}
