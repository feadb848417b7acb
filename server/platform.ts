import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';
import { openDatabase, type Database, type Db } from './platform/db/client.ts';
import { memoryBus, redisBus, type Bus } from './platform/bus/bus.ts';
import { redisUserVersions } from './platform/bus/userVersions.ts';
import { onUserWrites, writesSettled } from './platform/db/userWrites.ts';
import { createClock, type Clock } from './platform/clock.ts';
import { UserReads } from './platform/userReads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Everything read from the environment, parsed once (server/config.ts). */
    config: Config;
    /** The database handle with its driver kind, pool and close (server/platform/db/client.ts). */
    database: Database;
    /** Shorthand for `database.db`: the Drizzle query API every domain uses. */
    db: Db;
    /** Fan-out of prices and user events (memory, or Redis across instances). */
    bus: Bus;
    /** The platform's one clock: every domain reads the time here (server/platform/clock.ts). */
    clock: Clock;
    /** A user's own reads from memory, never served once a write of theirs has ended on any instance (server/platform/userReads.ts). */
    userReads: UserReads;
  }
}

export interface PlatformOptions {
  config: Config;
  /** PGlite in memory instead of <dataDir>/pglite (tests); ignored with DATABASE_URL. */
  memoryDb?: boolean;
}

/**
 * Plugin 'platform': what every domain stands on. Opens the database (migrated) and the bus,
 * decorates them with the configuration, and closes them when the app closes. Registered first,
 * so its onClose runs last (Fastify runs onClose hooks in reverse order of registration): every
 * domain has stopped using the database before it goes.
 */
async function platform(app: FastifyInstance, { config, memoryDb }: PlatformOptions) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    memory: memoryDb,
    template: config.pgliteTemplate,
  });
  const bus = config.redisUrl ? redisBus(config.redisUrl, config.busNamespace) : memoryBus();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('bus', bus);
  app.decorate('clock', createClock(config.clock));
  // Trusted only when every instance that can share the database sees every other's writes: the
  // embedded database is one process's (its own forgetting is the version); across processes
  // each user's write version lives in Redis, so PostgreSQL needs Redis for that.
  const versions = config.redisUrl ? redisUserVersions(config.redisUrl, config.busNamespace) : undefined;
  const userReads = new UserReads({
    bus,
    log: app.log,
    versions,
    maxAgeMs: config.userReadCacheMs,
    maxRows: config.userReadCacheRows,
    enabled: database.kind === 'pglite' || config.redisUrl !== undefined,
    // the tests' check sees only this process's writes under way: with Redis, another
    // instance's write could be between its commit and its telling, so it stays off there
    verify: config.userReadsVerify && !config.redisUrl ? { settled: () => writesSettled(database.db) } : undefined,
  });
  app.decorate('userReads', userReads);
  const unhook = onUserWrites(database.db, (ids) => userReads.changed(ids));
  app.addHook('onClose', async () => {
    unhook();
    userReads.close();
    await versions?.close();
    await bus.close();
    await database.close();
  });
  // the id every log line of this request carries, so a user's report can be found
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
}

export default fp(platform, { name: 'platform' });
