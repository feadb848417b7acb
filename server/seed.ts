import type { FastifyInstance } from 'fastify';

/**
 * First-start data, idempotent (safe on every start and on every instance).
 * Each domain adds its own seeder here.
 */
export async function seedAll(_app: FastifyInstance): Promise<void> {}
