import type { DomainManifest } from '../platform/domain.ts';
import reserveAdminRoutes from './routes.ts';

/** The platform's declared and attested holdings, for the proof of reserves (operator routes only). */
export default {
  name: 'reserves',
  adminRoutes: [reserveAdminRoutes],
} as const satisfies DomainManifest;
