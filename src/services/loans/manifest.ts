import type { ClientDomainManifest } from '../platform/domain.ts';
import { LoanIcon } from '../../views/platform/components/Icons.tsx';
import { LOAN_CHANGES } from './changes.ts';

/** Crypto-backed loans (docs/loans.md). */
export default {
  name: 'loans',
  routes: [{ path: '/loan', load: () => import('../../views/loans/LoanScreen.tsx'), title: 'nav.loan' }],
  destinations: [{ to: '/loan', key: 'nav.loan', Icon: LoanIcon, place: 3 }],
  console: [
    {
      id: 'loans',
      title: 'admin.sections.loans',
      load: () => import('../../views/loans/LoansQueue.tsx').then((m) => ({ default: m.LoansQueue })),
    },
  ],
  changes: LOAN_CHANGES,
  keyRoot: 'loans',
  isPublic: ([, part]) => part === 'terms',
} as const satisfies ClientDomainManifest;
