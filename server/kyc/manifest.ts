import { KYC_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import kycAdminRoutes from './adminRoutes.ts';
import kyc from './plugin.ts';
import kycRoutes from './routes.ts';
import { moveLegacyKycImages } from './legacyFiles.ts';

/** Identity verification: submissions with sealed images, operator review (docs/kyc.md). */
export default {
  name: 'kyc',
  plugins: [kyc], // app.kyc
  routes: [kycRoutes],
  adminRoutes: [kycAdminRoutes],
  events: KYC_EVENT_TEXTS,
  keyRoot: 'kyc',
  openApiTags: [{ name: 'kyc', description: 'Identity verification' }],
  legacyFiles: moveLegacyKycImages,
} as const satisfies DomainManifest;
