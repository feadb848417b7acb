/**
 * Every domain of the service, in dependency order (docs/design.md, "Adding a domain"): a domain's
 * plugins may use what the domains before it decorate. server/app.ts registers every domain's
 * plugins in this order, then every domain's routes; server/engines.ts starts their engines in
 * this order (the market's first: the others read its prices) and stops them in the reverse; the
 * jobs board lists their jobs in this order. Adding a domain is one manifest and one line here.
 */
import type { DomainManifest } from './platform/domain.ts';
import type { JobDeclaration } from './platform/jobs/registry.ts';
import type { LedgerReason } from './platform/ledger/reasons.ts';
import { PLATFORM_MAIL_KEYS, type MailKey } from './platform/mail/mailText.ts';
import market from './market/manifest.ts';
import auth from './auth/manifest.ts';
import wallet from './wallet/manifest.ts';
import chain from './chain/manifest.ts';
import content from './content/manifest.ts';
import admin from './admin/manifest.ts';
import smart from './smart/manifest.ts';
import trading from './trading/manifest.ts';
import kyc from './kyc/manifest.ts';
import support from './support/manifest.ts';
import loans from './loans/manifest.ts';
import nfts from './nfts/manifest.ts';
import alerts from './alerts/manifest.ts';
import portfolio from './portfolio/manifest.ts';
import proof from './proof/manifest.ts';

export const DOMAINS = [
  market,
  auth,
  wallet,
  chain,
  content,
  admin,
  smart,
  trading,
  kyc,
  support,
  loans,
  nfts,
  alerts,
  portfolio,
  proof,
] as const satisfies readonly DomainManifest[];

type Jobs<D> = D extends { jobs: readonly (infer J)[] } ? J : never;
/** Every leader job's name. */
export type JobName = Jobs<(typeof DOMAINS)[number]>['name'];

/** Every leader job, each declared with its lock by its domain's manifest. */
export const JOBS: readonly (JobDeclaration & { name: JobName })[] = DOMAINS.flatMap(
  (d): readonly (JobDeclaration & { name: JobName })[] => ('jobs' in d ? d.jobs : []),
);
export const JOB_NAMES: readonly JobName[] = JOBS.map((j) => j.name);

/** The declaration of a job. */
export function jobOf(name: JobName): JobDeclaration {
  const job = JOBS.find((j) => j.name === name);
  if (!job) throw new Error(`job ${name} is not declared by any domain`);
  return job;
}

/** Every mail text: the platform's, then each domain's (DomainManifest.mailKeys); MailKey is their union. */
export const MAIL_KEYS: readonly MailKey[] = [
  ...PLATFORM_MAIL_KEYS,
  ...DOMAINS.flatMap((d): readonly MailKey[] => ('mailKeys' in d ? d.mailKeys : [])),
];

/** Every reason a ledger transfer may carry (DomainManifest.ledgerReasons); LedgerReason is their union. */
export const LEDGER_REASONS: readonly LedgerReason[] = DOMAINS.flatMap((d): readonly LedgerReason[] =>
  'ledgerReasons' in d ? d.ledgerReasons : [],
);
