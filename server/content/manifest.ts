import type { DomainManifest } from '../platform/domain.ts';
import content from './plugin.ts';
import contentRoutes from './routes.ts';

/** Pages, FAQs and notices in every language (docs/content.md); public, so its keys outlive a session. */
export default {
  name: 'content',
  plugins: [content], // app.content
  routes: [contentRoutes],
  keyRoot: 'content',
} as const satisfies DomainManifest;
