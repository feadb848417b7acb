import type { FastifyInstance } from 'fastify';
import { seedOperator } from './auth/seedOperator.ts';
import { seedContent } from './content/seed.ts';
import { seedMarket } from './market/seed.ts';

/**
 * First-start data, idempotent (safe on every start and on every instance).
 * Each domain adds its own seeder here.
 */
export async function seedAll(app: FastifyInstance): Promise<void> {
  await seedOperator(app);
  await seedContent(app);
  await seedMarket(app);
  await app.smart.seed();
  await app.nfts.seed();
}
