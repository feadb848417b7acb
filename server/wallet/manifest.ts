import { WALLET_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import { startWalletEngine } from './engine.ts';
import wallet from './plugin.ts';
import { walletProtection, walletProtectionRoutes } from './protectionRoutes.ts';
import walletRoutes from './routes.ts';
import { walletConfig } from './config.ts';
import { moveLegacyProofs } from './legacyFiles.ts';

/** The mail texts it sends (src/locales/<lng>/mail.json). */
const mailKeys = ['allowlist.subject', 'allowlist.added', 'allowlist.turningOff'] as const;
declare module '../platform/mail/mailText.ts' {
  interface MailKeys {
    wallet: (typeof mailKeys)[number];
  }
}

/** The reasons of its ledger transfers (their texts: the statement's `reasons`, every language). */
const ledgerReasons = [
  'deposit.approved',
  'withdrawal.hold',
  'withdrawal.payout',
  'withdrawal.fee',
  'withdrawal.released',
  'demo.reset',
] as const;
declare module '../platform/ledger/reasons.ts' {
  interface LedgerReasons {
    wallet: (typeof ledgerReasons)[number];
  }
}

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
  config: walletConfig,
  mailKeys,
  ledgerReasons,
  openApiTags: [{ name: 'wallet', description: 'Balances, statement, deposits, withdrawals, the withdrawal allowlist' }],
  legacyFiles: moveLegacyProofs,
} as const satisfies DomainManifest;
