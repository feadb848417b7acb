import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobBoard } from '../jobs/board.ts';
import type { JobDeclaration } from '../jobs/registry.ts';
import { Metrics } from './metrics.ts';
import { QueueAges } from './queueAges.ts';
import { Readiness } from './readiness.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus metrics (server/platform/ops/metrics.ts). */
    metrics: Metrics;
    /** Who leads each leader job and how its runs went (server/platform/jobs/board.ts). */
    jobs: JobBoard;
    /** Whether this instance can serve (server/platform/ops/readiness.ts). */
    readiness: Readiness;
    /** The operator review queues' oldest items, declared by their domains (server/platform/ops/queueAges.ts). */
    queueAges: QueueAges;
  }
}

export interface OpsOptions {
  /** Every leader job the domains declare (server/domains.ts). */
  jobs: readonly JobDeclaration[];
}

/**
 * Plugin 'ops': what an operator runs the service with. Decorates the metrics, the jobs board and
 * the readiness checks (domains add gauges and checks to them), counts every request by route,
 * and reports the database pool. Registered right after 'platform', so every domain can use it.
 */
async function ops(app: FastifyInstance, opts: OpsOptions) {
  const metrics = new Metrics();
  app.decorate('metrics', metrics);
  app.decorate('jobs', new JobBoard(app.db, metrics, app.log.child({ module: 'jobs' }), opts.jobs));
  app.decorate('readiness', new Readiness(app));
  app.decorate('queueAges', new QueueAges(metrics, () => app.clock.now()));

  // by route pattern, not URL: one series per route, whatever the ids in the path
  app.addHook('onResponse', (req, reply, done) => {
    metrics.requests.record(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // draining: /readyz says 503 so the proxy stops sending new requests while those in flight finish
  app.addHook('preClose', (done) => {
    app.readiness.draining = true;
    done();
  });

  const pool = app.database.pool;
  if (pool) {
    metrics.gauge(
      'db_pool_connections',
      'PostgreSQL pool connections of this instance, by state (total, idle, waiting clients)',
      ['state'],
      () => [
        { labels: { state: 'total' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'waiting' }, value: pool.waitingCount },
      ],
    );
  }
}

export default fp(ops, { name: 'ops', dependencies: ['platform'] });
