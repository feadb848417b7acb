import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AdminService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator console: review queues, receive addresses, outbox, audit log (server/admin/service.ts). */
    admin: AdminService;
  }
}

/** Plugin 'admin': decorates `app.admin`. Reviews go through `app.wallet`. */
async function admin(app: FastifyInstance) {
  app.decorate('admin', new AdminService(app.db, app.wallet, app.config, app.clock, app.sessionCache));
}

export default fp(admin, { name: 'admin', dependencies: ['platform', 'guard', 'wallet'] });
