import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Destination } from '../../../services/platform/domain.ts';

/** A page title by route: the route's pattern, and the i18n key of its title or how the address names it. */
export type TitleRule = readonly [RegExp, string | ((query: URLSearchParams) => string)];
/** A section of the operator console with its lazily loaded screen. */
export interface ConsoleScreen {
  id: string;
  title: string;
  Screen: ComponentType;
}

/**
 * What the app's frame shows of the domains, derived from src/services/domains.ts by the
 * composition level (src/views/App.tsx) and handed down here: the platform's shells, title and the
 * console's frame import no domain.
 */
export interface Composition {
  destinations: readonly Destination[];
  /** The footer's product links after the destinations. */
  footer: readonly { to: string; key: string }[];
  titles: readonly TitleRule[];
  console: readonly ConsoleScreen[];
  /** The paths shown with less of the shell (the routes' `chrome`: the footer and tab bar hidden). */
  reducedChrome: readonly string[];
}

const CompositionContext = createContext<Composition>({
  destinations: [],
  footer: [],
  titles: [],
  console: [],
  reducedChrome: [],
});

export function CompositionProvider({ value, children }: { value: Composition; children: ReactNode }) {
  return <CompositionContext.Provider value={value}>{children}</CompositionContext.Provider>;
}

/** The destinations of the top bar and the tab bar, in their places. */
export const useDestinations = () => useContext(CompositionContext).destinations;
/** The footer's product links after the destinations. */
export const useFooterLinks = () => useContext(CompositionContext).footer;
/** Whether `path` shows the shell without its footer and tab bar (the sign-in pages). */
export const useReducedChrome = (path: string) => useContext(CompositionContext).reducedChrome.includes(path);
/** The page titles by route. */
export const useTitles = () => useContext(CompositionContext).titles;
/** The operator console's sections; the first is its landing. */
export const useConsoleSections = () => useContext(CompositionContext).console;
