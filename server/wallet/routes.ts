import type { FastifyInstance } from 'fastify';

/** wallet routes. */
export default async function walletRoutes(_app: FastifyInstance) {}
