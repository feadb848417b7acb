import { loadConfig, type Config } from './config.ts';
import { buildApp, type App } from './app.ts';
import { seedAll } from './seed.ts';
import { startEngines } from './engines.ts';
import { importLegacyFiles } from './legacyFiles.ts';

/**
 * Starts a whole platform instance: the app (database migrated, bus connected), first-start
 * data, and, when config.engines, the background engines (feed, scheduler), stopped before the
 * database closes. Used by main.ts and by tests that need a real instance.
 */
export async function createPlatform(
  config: Config = loadConfig(),
  opts: { memoryDb?: boolean; logger?: boolean | object } = {},
): Promise<App> {
  const app = await buildApp({ config, memoryDb: opts.memoryDb, logger: opts.logger as never });
  await seedAll(app);
  // personal files kept the pre-0018 way (on disk, in their own columns) move into the blob store once
  const moved = await importLegacyFiles(app.db, app.files, config.dataDir);
  if (Object.values(moved).some((n) => n > 0)) app.log.warn({ moved }, 'moved personal files into the blob store');
  if (config.engines) {
    const stopEngines = await startEngines(app);
    app.addHook('onClose', stopEngines);
  }
  return app;
}
