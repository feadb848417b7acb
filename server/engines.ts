import type { FastifyInstance } from 'fastify';

/**
 * Background engines (market feed, triggers, scheduler). Returns a stop function.
 * Each domain adds its engine here.
 */
export async function startEngines(_app: FastifyInstance): Promise<() => Promise<void>> {
  return async () => {};
}
