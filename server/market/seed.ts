import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instruments } from './schema.ts';
import { CATALOGUE } from './catalogue/index.ts';

/**
 * Lists the catalogue on first start (idempotent: existing instruments are left as they are, so
 * their history anchor and seed never move), keeps `source` in line with this start's feed
 * configuration, then loads the market state. Safe on every start and on every instance.
 */
export async function seedMarket(app: FastifyInstance): Promise<void> {
  const seed = app.config.feed.seed !== undefined ? String(app.config.feed.seed) : crypto.randomBytes(8).toString('hex');
  const anchorAt = new Date(Math.floor(app.market.now() / 60_000) * 60_000);
  const exchange = app.config.feed.kind === 'exchange';
  const rows = CATALOGUE.map((e) => ({
    code: e.code,
    type: e.type,
    base: e.base,
    quote: e.quote,
    name: e.name,
    pricePrecision: e.pricePrecision,
    quantityStep: e.quantityStep,
    hours: e.hours,
    source: exchange && e.type === 'crypto' ? ('exchange' as const) : ('simulated' as const),
    refPrice: new Decimal(e.refPrice).toFixed(),
    volatility: e.volatility,
    dailyTurnover: e.dailyTurnover,
    sortOrder: e.sortOrder,
    historySeed: seed,
    anchorAt,
    anchorPrice: new Decimal(e.refPrice).toFixed(),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await app.db
      .insert(instruments)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing({ target: instruments.code });
  }
  const wanted = exchange ? sql`CASE WHEN ${instruments.type} = 'crypto' THEN 'exchange' ELSE 'simulated' END` : sql`'simulated'`;
  await app.db
    .update(instruments)
    .set({ source: sql`${wanted}` })
    .where(sql`${instruments.source} <> ${wanted}`);
  await app.market.load();
}
