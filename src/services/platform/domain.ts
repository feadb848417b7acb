/**
 * What the app needs to know of a domain, declared in one file per domain
 * (src/services/<domain>/manifest.ts) and listed once, in the order of server/domains.ts, in
 * src/services/domains.ts, which derives from that list the routes, the navigation, the operator
 * console's sections, page titles, what each user event makes stale and which query keys outlive a
 * session. The client's twin of server/platform/domain.ts.
 *
 * Types only: the platform imports no domain; the composition level (src/views/App.tsx) hands it
 * what the list derives.
 */
import type { ComponentType } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { UserEventKind } from '../../contract/userEvents.ts';

/** A lazily loaded screen: its own chunk, fetched on first visit. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

export interface ClientRoute {
  /** The app path (wouter's pattern: `/nfts/:id`). */
  path: string;
  /** Its screen, loaded on first visit; or `component`, for the one screen of the entry chunk (home). */
  load?: ScreenLoader;
  component?: ComponentType;
  /** The i18n key of the page's title ("<page> · <brand>"); none shows the brand alone. */
  title?: string;
  /** A title read from the address instead (an instrument's code, a content page's title); empty for none. */
  titleFrom?: (query: URLSearchParams) => string;
  /** Less of the shell around it: `reduced` hides the footer and the tab bar (the sign-in pages), `none` all of it. */
  chrome?: 'reduced' | 'none';
}

/** A destination of the top bar and the bottom tab bar (docs/products.md, section 2). */
export interface Destination {
  to: string;
  /** i18n key of its label, and of the tab bar's shorter one where the full one cannot fit */
  key: string;
  tab?: string;
  Icon: ComponentType<{ width?: number; height?: number }>;
  /** its place in the bar, 0 the first */
  place: number;
}

/** A section of the operator console (/admin/<id>), beside the domain's customer screens. */
export interface ConsoleSection {
  id: string;
  /** i18n key of its link */
  title: string;
  load: ScreenLoader;
}

/** What a domain's events make stale: one line per kind of its own (a kind without one does not compile). */
export type ChangesOf<Kinds extends string> = { readonly [K in Kinds]: () => QueryKey[] };

export interface ClientDomainManifest {
  /** The domain's folder under src/services (and server/). */
  name: string;
  routes?: readonly ClientRoute[];
  destinations?: readonly Destination[];
  console?: readonly ConsoleSection[];
  /** Links of the footer's products column, after the destinations. */
  footer?: readonly { to: string; key: string }[];
  /** Parts shown over every screen, mounted once beside the routes and loaded after the first paint. */
  overlays?: readonly ScreenLoader[];
  /** What each of its user events makes stale (src/contract/userEvents.ts, its domain's group). */
  changes?: { readonly [K in UserEventKind]?: () => QueryKey[] };
  /** The root of its query keys: the same as its server manifest's keyRoot. */
  keyRoot?: string;
  /** Which of its keys are the same for every visitor, and so outlive a session (all others are forgotten). */
  isPublic?: (queryKey: QueryKey) => boolean;
}

/** What the query layer is told of the domains (derived by src/services/domains.ts, handed in by the app). */
export interface QueryRules {
  /** Keys a user event of `kind` changes, or undefined for a kind no domain of this build declares. */
  changedBy(kind: UserEventKind): QueryKey[] | undefined;
  /** Whether an answer is the same for every visitor, and so outlives a session. */
  isPublic(queryKey: QueryKey): boolean;
}
