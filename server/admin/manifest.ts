import type { DomainManifest } from '../platform/domain.ts';
import documentAccessRoutes from './accessRoutes.ts';
import admin from './plugin.ts';
import adminRoutes from './routes.ts';

/** The operator console's reviews, operators, audit and outbox. */
export default {
  name: 'admin',
  plugins: [admin], // app.admin
  routes: [documentAccessRoutes],
  adminRoutes: [adminRoutes],
  keyRoot: 'admin',
  openApiTags: [{ name: 'admin', description: 'The operator console (/admin-api): reviews, operators, audit, outbox, jobs' }],
} as const satisfies DomainManifest;
