import { SUPPORT_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import supportAdminRoutes from './adminRoutes.ts';
import support from './plugin.ts';
import supportRoutes from './routes.ts';
import { supportConfig } from './config.ts';
import { moveLegacyAttachments } from './legacyFiles.ts';

/** The support chat between customers and operators (docs/support.md); its events are live only. */
export default {
  name: 'support',
  plugins: [support], // app.support
  routes: [supportRoutes],
  adminRoutes: [supportAdminRoutes],
  events: SUPPORT_EVENT_TEXTS,
  keyRoot: 'support',
  config: supportConfig,
  openApiTags: [{ name: 'support', description: 'The support chat' }],
  legacyFiles: moveLegacyAttachments,
} as const satisfies DomainManifest;
