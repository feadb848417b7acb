import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { attachmentFilesKnown } from './conversations.ts';
import { SupportService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in support chat: conversations, the operators' queue, attachments (server/support/service.ts). */
    support: SupportService;
  }
}

/** Plugin 'support': decorates `app.support`. */
async function support(app: FastifyInstance) {
  const c = app.config;
  app.decorate(
    'support',
    new SupportService({
      db: app.db,
      bus: app.bus,
      log: app.log.child({ module: 'support' }),
      limits: {
        messagesPerMinute: c.supportMessagesPerMinute,
        openMax: c.supportOpenMax,
      },
      maxImageSide: c.uploadMaxImageSide,
      clock: app.clock,
      files: app.files,
    }),
  );
  app.files.owner('support', (keys) => attachmentFilesKnown(app.db, keys));
}

export default fp(support, { name: 'support', dependencies: ['platform', 'files'] });
