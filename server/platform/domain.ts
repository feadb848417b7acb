/**
 * What the platform needs to know of a domain, declared in one file per domain
 * (server/<domain>/manifest.ts) and listed once, in dependency order, in server/domains.ts
 * (docs/design.md, "Adding a domain"). The app registers the plugins and routes from that list
 * (server/app.ts), the jobs board takes its jobs from it, the engines start from it
 * (server/engines.ts), and tests/unit/platform/domains.test.ts refuses two domains that claim the same
 * lock, job, event kind or query-key root. The seeders (server/seed.ts), the environment's schema
 * (server/config.ts), the API docs' tags (server/app.ts) and the lists of mail texts and ledger
 * reasons are composed from it too (tests/unit/platform/serverLists.test.ts).
 *
 * This module only describes a domain: shared infrastructure imports no domain (lint refuses it).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { UserEventKind } from '../../src/contract/userEvents.ts';
import type { PageFrame } from './http/indexPage.ts';
import type { JobDeclaration } from './jobs/registry.ts';
import type { ConfigFragment } from './env.ts';
import type { LegacyFileMover } from './blobs/legacy.ts';
import type { LedgerReason } from './ledger/reasons.ts';
import type { MailKey } from './mail/mailText.ts';

type NoOptions = Record<never, never>;
/** A Fastify plugin as the domains write them: a plain one, or a route plugin with the TypeBox provider. */
export type DomainPlugin =
  | FastifyPluginAsync<NoOptions>
  | FastifyPluginAsync<NoOptions, RawServerDefault, TypeBoxTypeProvider>
  | FastifyPluginCallback<NoOptions>;

export interface DomainManifest {
  /** The domain's folder under server/. */
  name: string;
  /** Its plugins, in order: each decorates one service and names what it depends on. All domains' plugins are registered before any route. */
  plugins?: readonly DomainPlugin[];
  /** Its routes of the published API (`/swx/...`); handlers parse and call the service. */
  routes?: readonly DomainPlugin[];
  /** Its operator routes, registered under `/admin-api`. */
  adminRoutes?: readonly DomainPlugin[];
  /** Its leader jobs, each with the PostgreSQL advisory lock whose holder runs it (server/platform/jobs). */
  jobs?: readonly JobDeclaration[];
  /** Starts its background engine (its leader jobs) once the app is built; resolves with the stop. */
  engine?: (app: FastifyInstance) => Promise<() => Promise<void>>;
  /**
   * The user events it publishes, each kind with the key of the sentence that tells it
   * (src/contract/userEventTexts.ts; the parameters are in src/contract/userEvents.ts).
   */
  events?: { readonly [K in UserEventKind]?: string | null };
  /**
   * The root of its query keys in the browser (src/services/platform/queries), e.g. 'loans': what the app
   * caches of it is dropped at logout unless the key is public (invalidation.ts isPublicKey). The
   * browser's key roots are exactly the declared ones (tests/unit/client/logout.test.ts).
   */
  keyRoot?: string;
  /**
   * What it writes into the first frame of an app path's page (scripts/staticPages.ts, `slot`;
   * served by server/platform/http/frontEnd.ts), by path: its data for the request, or none.
   */
  pageFrames?: Readonly<Record<string, (app: FastifyInstance) => PageFrame>>;
  /**
   * Prefixes outside `/swx/` and `/admin-api/` under which its routes answer (content's
   * `/customer-service/`): the front end answers an unknown path under one with a coded 404, not
   * the app's page, and robots.txt keeps crawlers out (server/platform/http/frontEnd.ts).
   */
  apiPrefixes?: readonly string[];
  /** Its first-start data, idempotent (safe on every start and every instance); run in the list's order (server/seed.ts). */
  seed?: (app: FastifyInstance) => Promise<void>;
  /**
   * The environment variables it reads and its fields of the configuration
   * (`server/<domain>/config.ts`, made with configFragment); composed into the one schema by server/config.ts.
   */
  config?: ConfigFragment;
  /** The mail texts it sends (src/locales/<lng>/mail.json), the same list that widens MailKey (server/platform/mail/mailText.ts). */
  mailKeys?: readonly MailKey[];
  /** The tags its routes carry in the API docs (/docs), each with what it covers; server/app.ts lists them. */
  openApiTags?: readonly OpenApiTag[];
  /** The reasons its ledger transfers carry, the same list that widens LedgerReason (server/platform/ledger/reasons.ts). */
  ledgerReasons?: readonly LedgerReason[];
  /** Moves its personal files kept the pre-0018 way into the blob store, once (server/legacyFiles.ts, at every start). */
  legacyFiles?: LegacyFileMover;
}

/** A tag of the API docs. */
export interface OpenApiTag {
  name: string;
  description: string;
}

/** A value two or more domains claim, with the domains that claim it. */
export interface Claim {
  value: string | number;
  domains: string[];
}

/** The values of `pick` that more than one domain claims (empty when every claim is unique). */
export function claimedTwice(
  domains: readonly DomainManifest[],
  pick: (d: DomainManifest) => readonly (string | number)[],
): Claim[] {
  const by = new Map<string | number, string[]>();
  for (const d of domains) for (const v of pick(d)) by.set(v, [...(by.get(v) ?? []), d.name]);
  return [...by].filter(([, ds]) => ds.length > 1).map(([value, ds]) => ({ value, domains: ds }));
}

/** Every claim a domain makes that must be its own: locks, job names, event kinds, key roots. */
export const CLAIMS = {
  lock: (d: DomainManifest) => (d.jobs ?? []).map((j) => j.lock),
  job: (d: DomainManifest) => (d.jobs ?? []).map((j) => j.name),
  eventKind: (d: DomainManifest) => Object.keys(d.events ?? {}),
  keyRoot: (d: DomainManifest) => (d.keyRoot ? [d.keyRoot] : []),
  pageFrame: (d: DomainManifest) => Object.keys(d.pageFrames ?? {}),
  mailKey: (d: DomainManifest) => d.mailKeys ?? [],
  openApiTag: (d: DomainManifest) => (d.openApiTags ?? []).map((t) => t.name),
  ledgerReason: (d: DomainManifest) => d.ledgerReasons ?? [],
  envVariable: (d: DomainManifest) => Object.keys(d.config?.env ?? {}),
  apiPrefix: (d: DomainManifest) => d.apiPrefixes ?? [],
} as const;

/** What two domains both claim, by what is claimed (each list empty when the domains are sound). */
export function collisions(domains: readonly DomainManifest[]): Record<keyof typeof CLAIMS, Claim[]> {
  return {
    lock: claimedTwice(domains, CLAIMS.lock),
    job: claimedTwice(domains, CLAIMS.job),
    eventKind: claimedTwice(domains, CLAIMS.eventKind),
    keyRoot: claimedTwice(domains, CLAIMS.keyRoot),
    pageFrame: claimedTwice(domains, CLAIMS.pageFrame),
    mailKey: claimedTwice(domains, CLAIMS.mailKey),
    openApiTag: claimedTwice(domains, CLAIMS.openApiTag),
    ledgerReason: claimedTwice(domains, CLAIMS.ledgerReason),
    envVariable: claimedTwice(domains, CLAIMS.envVariable),
    apiPrefix: claimedTwice(domains, CLAIMS.apiPrefix),
  };
}
