import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { shellFor } from '../services/platform/device.ts';
import { screenTextsReady } from '../i18n/index.ts';
import { CONSOLE_SECTIONS, DESTINATIONS, QUERY_RULES, ROUTES as DOMAIN_ROUTES } from '../services/domains.ts';
import type { ScreenLoader } from '../services/platform/domain.ts';
import { AppActorsProvider } from './platform/app/actors.tsx';
import { CompositionProvider, type Composition } from './platform/app/composition.tsx';
import { DocumentTitle } from './platform/app/DocumentTitle.tsx';
import { DesktopShell } from './platform/shell/Desktop.tsx';
import { MobileShell } from './platform/shell/Mobile.tsx';
import { isBareRoute } from './platform/shell/destinations.ts';
import { ErrorBoundary } from './platform/components/ErrorBoundary.tsx';
import { Toasts } from './platform/components/Toasts.tsx';
import styles from './App.module.css';

// The app is composed here from the domains' manifests (src/services/domains.ts). Home is in the
// entry chunk; every other screen is its own chunk, fetched on first visit with the texts of the
// screens other than home (src/i18n/parts.ts), so it never renders a raw key.
// the step-up code prompt (services/platform/api.ts asks it when a call needs a fresh code): loaded after the
// first paint, with the screens' texts, so the home page's JavaScript stays without the sign-in flows
const StepUpDialog = lazy(() =>
  Promise.all([import('./auth/StepUpDialog.tsx'), screenTextsReady()]).then(([m]) => ({ default: m.StepUpDialog })),
);
const screen = (load: ScreenLoader) => lazy(() => Promise.all([load(), screenTextsReady()]).then(([m]) => m));

/** Every route of every domain (src/services/domains.ts): Home eager, every other screen lazy; anything else goes to /. */
export const ROUTES: ReadonlyArray<readonly [string, ComponentType]> = DOMAIN_ROUTES.map((r) => {
  const C = r.component ?? (r.load ? screen(r.load) : null);
  if (!C) throw new Error(`route ${r.path} has no screen`);
  return [r.path, C] as const;
});

/** A route's pattern as a regular expression (`/nfts/:id` matches `/nfts/7`, `/admin/:section?` also `/admin`). */
const patternOf = (path: string) => new RegExp(`^${path.replace(/\/:[^/?]+\?/g, '(/[^/]+)?').replace(/:[^/]+/g, '[^/]+')}$`);

/** What the frame shows of the domains: the bars' destinations, the page titles, the console's sections. */
const COMPOSITION: Composition = {
  destinations: DESTINATIONS,
  titles: DOMAIN_ROUTES.flatMap((r) => (r.title ? [[patternOf(r.path), r.title] as const] : [])),
  // each section its own chunk, fetched when an operator first opens it (with the screens' texts)
  console: CONSOLE_SECTIONS.map((s) => ({ id: s.id, title: s.title, Screen: screen(s.load) })),
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
        {isBareRoute(path) ? (
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
          <StepUpDialog />
        </Suspense>
      </CompositionProvider>
    </AppActorsProvider>
  );
}
