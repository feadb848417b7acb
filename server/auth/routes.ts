import type { FastifyInstance } from 'fastify';

/** auth routes. */
export default async function authRoutes(_app: FastifyInstance) {}
