import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ContentService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Help centre, footer pages, parameters, social links, home figures (server/content/service.ts). */
    content: ContentService;
  }
}

/** Bus channel on which an instance that changed the content tells the others to forget theirs. */
export const CONTENT_CHANNEL = 'content';

/**
 * Plugin 'content': decorates `app.content`. The home figures read the live `app.market`.
 * Cached texts are dropped when any instance says the content changed (contentChanged).
 */
async function content(app: FastifyInstance) {
  const service = new ContentService(app.db, app.config, app.market);
  app.decorate('content', service);
  const unsubscribe = app.bus.subscribe(CONTENT_CHANNEL, () => service.invalidate());
  app.addHook('onClose', async () => unsubscribe());
}

/** Call after writing content or parameters: this instance and every other one read them anew. */
export async function contentChanged(app: FastifyInstance): Promise<void> {
  app.content.invalidate();
  await app.bus.publish(CONTENT_CHANNEL, { at: app.clock.now() });
}

export default fp(content, { name: 'content', dependencies: ['platform', 'market'] });
