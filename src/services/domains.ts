/**
 * Every domain of the app, in the order of server/domains.ts (docs/design.md, "Adding a domain"),
 * and what the app derives from them: the routes and their lazily loaded screens, page titles,
 * the destinations of the top bar and tab bar, the operator console's sections, what each user
 * event makes stale and which query keys outlive a session. Adding a domain is one manifest
 * (src/services/<domain>/manifest.ts) and one line here; tests/unit/platform/lists.test.ts fails
 * when a central list still names a domain's routes, sections or keys.
 *
 * The composition level (src/views/App.tsx) imports this module and hands the platform what it
 * derives: the platform imports no domain.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { UserEventKind } from '../contract/userEvents.ts';
import type { ClientDomainManifest, ClientRoute, ConsoleSection, Destination } from './platform/domain.ts';
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

export const CLIENT_DOMAINS = [
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
] as const satisfies readonly ClientDomainManifest[];

type Domain = (typeof CLIENT_DOMAINS)[number];
const all: readonly ClientDomainManifest[] = CLIENT_DOMAINS;

/** Every route of every domain (docs/products.md, section 2), in domain order; anything else goes to /. */
export const ROUTES: readonly ClientRoute[] = all.flatMap((d) => d.routes ?? []);

/** The destinations of the top bar and the bottom tab bar, in their places. */
export const DESTINATIONS: readonly Destination[] = all.flatMap((d) => d.destinations ?? []).sort((a, b) => a.place - b.place);

/** The footer's product links after the destinations. */
export const FOOTER_LINKS = all.flatMap((d) => d.footer ?? []);

/** What is shown over every screen (each lazy, mounted once beside the routes). */
export const OVERLAYS = all.flatMap((d) => d.overlays ?? []);

/** The operator console's sections, each beside its domain's customer screens; the first is the console's landing. */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = all.flatMap((d) => d.console ?? []);

// A kind of the union (src/contract/userEvents.ts) that no domain says the changes of does not
// compile: the error names the kind.
type Changed = Domain extends infer D ? (D extends { changes: infer C } ? keyof C : never) : never;
type Unchanged = Exclude<UserEventKind, Changed>;
const everyKindChanges: [Unchanged] extends [never] ? true : { missing: Unchanged } = true;
void everyKindChanges;

const CHANGES = new Map<string, () => QueryKey[]>(
  all.flatMap((d) => Object.entries(d.changes ?? {}).filter((e): e is [string, () => QueryKey[]] => !!e[1])),
);
const PUBLIC = new Map(all.flatMap((d) => (d.keyRoot && d.isPublic ? [[d.keyRoot, d.isPublic] as const] : [])));

/** What the app's query layer is told of the domains (src/services/platform/queries/invalidation.ts). */
export const QUERY_RULES = {
  /** Keys a user event of `kind` changes, or undefined for a kind this build does not know. */
  changedBy: (kind: UserEventKind): QueryKey[] | undefined => CHANGES.get(kind)?.(),
  /** Answers the same for every visitor, by the domain whose root starts the key: only these outlive a session. */
  isPublic: (queryKey: QueryKey): boolean => PUBLIC.get(String(queryKey[0]))?.(queryKey) ?? false,
};

/** Every declared root of query keys. */
export const KEY_ROOTS: readonly string[] = all.flatMap((d) => (d.keyRoot ? [d.keyRoot] : []));
