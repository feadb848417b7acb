/**
 * The operator console's Jobs section on the wire (`/admin-api/jobs`, operator role only): who
 * leads each leader job and how its last run went, read from the table every instance writes.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../src/contract/envelope.ts';
import { JobsAnswer } from '../../../src/contract/ops.ts';
import { DOCS } from './adminRouteDocs.ts';
import { docSchema } from '../http/openApi.ts';
import { QueueAges } from '../../../src/contract/reviewQueues.ts';

const jobsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);

  app.get(
    '/jobs',
    {
      schema: {
        ...docSchema(DOCS.listJobs),
        tags: ['admin'],
        security: [{ token: [] }],
        response: { 200: Envelope(JobsAnswer) },
      },
    },
    async (_req, reply) => reply.ok({ instance: app.jobs.instanceId, jobs: await app.jobs.list() }),
  );

  app.get(
    '/queues/ages',
    {
      schema: {
        ...docSchema(DOCS.listQueueAges),
        tags: ['admin'],
        security: [{ token: [] }],
        response: { 200: Envelope(QueueAges) },
      },
    },
    async (_req, reply) => reply.ok({ rows: await app.queueAges.all() }),
  );
};

export default fp(jobsAdminRoutes, { name: 'jobs-admin-routes', dependencies: ['ops', 'guard', 'errors'], encapsulate: true });
