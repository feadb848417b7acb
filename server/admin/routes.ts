import type { FastifyInstance } from 'fastify';

/** admin routes. */
export default async function adminRoutes(_app: FastifyInstance) {}
