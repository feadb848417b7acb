import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { memoryBus, redisBus } from './notify/bus.ts';
import { buildApp } from './app.ts';
import { seedAll } from './seed.ts';
import { startEngines } from './engines.ts';

/**
 * Builds a whole platform instance: database (migrated), bus, HTTP app, seed data and,
 * when config.engines, the background engines (feed, scheduler). Used by main.ts and by
 * tests that need a real instance.
 */
export async function createPlatform(config: Config = loadConfig(), opts: { memoryDb?: boolean; logger?: boolean | object } = {}) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, memory: opts.memoryDb });
  const bus = config.redisUrl ? redisBus(config.redisUrl) : memoryBus();
  const app: FastifyInstance = await buildApp({ config, database, bus, logger: opts.logger as never });
  await seedAll(app);
  let stopEngines: () => Promise<void> = async () => {};
  if (config.engines) stopEngines = await startEngines(app);
  app.addHook('onClose', async () => {
    await stopEngines();
    await bus.close();
    await database.close();
  });
  return app;
}
