import type { FastifyInstance } from 'fastify';

/** market routes. */
export default async function marketRoutes(_app: FastifyInstance) {}
