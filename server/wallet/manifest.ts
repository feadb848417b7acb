import { WALLET_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import { startWalletEngine } from './engine.ts';
import wallet from './plugin.ts';
import { walletProtection, walletProtectionRoutes } from './protectionRoutes.ts';
import walletRoutes from './routes.ts';

/** Balances, deposits, withdrawals, the withdrawal allowlist and limits, notifications (docs/wallet.md). */
export default {
  name: 'wallet',
  plugins: [wallet, walletProtection], // app.wallet, app.walletProtection
  routes: [walletRoutes, walletProtectionRoutes],
  jobs: [
    /** Personal files (proofs, KYC images, attachments, signatures) that no row names (server/wallet/engine.ts). */
    { name: 'upload-sweep', lock: 727_051, what: 'uploads: remove stored files no row names' },
  ],
  engine: startWalletEngine,
  events: WALLET_EVENT_TEXTS,
  keyRoot: 'wallet',
} as const satisfies DomainManifest;
