import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { shellFor } from '../services/platform/device.ts';
import { screenTextsReady } from '../i18n/index.ts';
import {
  CONSOLE_SECTIONS,
  DESTINATIONS,
  FOOTER_LINKS,
  OVERLAYS,
  QUERY_RULES,
  ROUTES as DOMAIN_ROUTES,
} from '../services/domains.ts';
import type { ScreenLoader } from '../services/platform/domain.ts';
import { AppActorsProvider } from './platform/app/actors.tsx';
import { CompositionProvider, type Composition } from './platform/app/composition.tsx';
import { DocumentTitle } from './platform/app/DocumentTitle.tsx';
import { DesktopShell } from './platform/shell/Desktop.tsx';
import { MobileShell } from './platform/shell/Mobile.tsx';
import { ErrorBoundary } from './platform/components/ErrorBoundary.tsx';
import { Toasts } from './platform/components/Toasts.tsx';
import styles from './App.module.css';

// The app is composed here from the domains' manifests (src/services/domains.ts). Home is in the
// entry chunk; every other screen is its own chunk, fetched on first visit with the texts of the
// screens other than home (src/i18n/parts.ts), so it never renders a raw key.
const screen = (load: ScreenLoader) => lazy(() => Promise.all([load(), screenTextsReady()]).then(([m]) => m));

/** Every route of every domain (src/services/domains.ts): Home eager, every other screen lazy; anything else goes to /. */
export const ROUTES: ReadonlyArray<readonly [string, ComponentType]> = DOMAIN_ROUTES.map((r) => {
  const C = r.component ?? (r.load ? screen(r.load) : null);
  if (!C) throw new Error(`route ${r.path} has no screen`);
  return [r.path, C] as const;
});

/** What is shown over every screen (the step-up prompt): loaded after the first paint, with the screens' texts. */
const Overlays = OVERLAYS.map(screen);
/** The paths shown without any of the shell (the Google callback). */
const BARE = new Set(DOMAIN_ROUTES.filter((r) => r.chrome === 'none').map((r) => r.path));

/** A route's pattern as a regular expression (`/nfts/:id` matches `/nfts/7`, `/admin/:section?` also `/admin`). */
const patternOf = (path: string) => new RegExp(`^${path.replace(/\/:[^/?]+\?/g, '(/[^/]+)?').replace(/:[^/]+/g, '[^/]+')}$`);

/** What the frame shows of the domains: the bars' destinations, the page titles, the console's sections. */
const COMPOSITION: Composition = {
  destinations: DESTINATIONS,
  footer: FOOTER_LINKS,
  titles: DOMAIN_ROUTES.flatMap((r) => {
    const title = r.titleFrom ?? r.title;
    return title ? [[patternOf(r.path), title] as const] : [];
  }),
  // each section its own chunk, fetched when an operator first opens it (with the screens' texts)
  console: CONSOLE_SECTIONS.map((s) => ({ id: s.id, title: s.title, Screen: screen(s.load) })),
  reducedChrome: DOMAIN_ROUTES.filter((r) => r.chrome === 'reduced').map((r) => r.path),
};

function ScrollToTop() {
  const [path] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [path]);
  return null;
}

function Routes() {
  const [path] = useLocation();
  const { t } = useTranslation();
  return (
    <ErrorBoundary resetKey={path}>
      <Suspense
        fallback={
          <div className={styles.loading} aria-busy="true">
            {t('common.loading')}
          </div>
        }
      >
        <Switch>
          {ROUTES.map(([p, C]) => (
            <Route key={p} path={p} component={C} />
          ))}
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

export function App({ userAgent }: { userAgent: string }) {
  const [path] = useLocation();
  const Shell = shellFor(userAgent) === 'mobile' ? MobileShell : DesktopShell;
  return (
    <AppActorsProvider rules={QUERY_RULES}>
      <CompositionProvider value={COMPOSITION}>
        <ScrollToTop />
        <DocumentTitle />
        {BARE.has(path) ? (
          <main id="main">
            <Routes />
          </main>
        ) : (
          <Shell>
            <Routes />
          </Shell>
        )}
        <Toasts />
        <Suspense fallback={null}>
          {Overlays.map((Overlay, i) => (
            <Overlay key={i} />
          ))}
        </Suspense>
      </CompositionProvider>
    </AppActorsProvider>
  );
}
