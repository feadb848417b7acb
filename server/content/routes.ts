import type { FastifyInstance } from 'fastify';

/** content routes. */
export default async function contentRoutes(_app: FastifyInstance) {}
