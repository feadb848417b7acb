import type { DomainManifest } from '../platform/domain.ts';
import content from './plugin.ts';
import contentRoutes from './routes.ts';
import { contentConfig } from './config.ts';
import { seedContent } from './seed.ts';

/** Pages, FAQs and notices in every language (docs/content.md); public, so its keys outlive a session. */
export default {
  name: 'content',
  plugins: [content], // app.content
  routes: [contentRoutes],
  keyRoot: 'content',
  // the old client's paths for the support links, the footer and the site parameters (routes.ts)
  apiPrefixes: ['/customer-service/', '/settings/'],
  config: contentConfig,
  seed: seedContent,
  openApiTags: [{ name: 'content', description: 'Pages, FAQs, notices and the site parameters' }],
} as const satisfies DomainManifest;
