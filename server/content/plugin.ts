import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ContentService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Help centre, footer pages, parameters, social links, home figures (server/content/service.ts). */
    content: ContentService;
  }
}

/** Plugin 'content': decorates `app.content`. The home figures read the live `app.market`. */
async function content(app: FastifyInstance) {
  app.decorate('content', new ContentService(app.db, app.config, app.market));
}

export default fp(content, { name: 'content', dependencies: ['platform', 'market'] });
