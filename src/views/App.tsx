import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { shellFor } from '../services/platform/device.ts';
import { screenTextsReady } from '../i18n/index.ts';
import { AppActorsProvider } from './platform/app/actors.tsx';
import { DocumentTitle } from './platform/app/DocumentTitle.tsx';
import { DesktopShell } from './platform/shell/Desktop.tsx';
import { MobileShell } from './platform/shell/Mobile.tsx';
import { isBareRoute } from './platform/shell/destinations.ts';
import { ErrorBoundary } from './platform/components/ErrorBoundary.tsx';
import { Toasts } from './platform/components/Toasts.tsx';
import { Home } from './content/Home.tsx';
import styles from './App.module.css';

// Home is in the entry chunk; every other screen is its own chunk, fetched on first visit with the
// texts of the screens other than home (src/i18n/parts.ts), so it never renders a raw key.
// the step-up code prompt (services/platform/api.ts asks it when a call needs a fresh code): loaded after the
// first paint, with the screens' texts, so the home page's JavaScript stays without the sign-in flows
const StepUpDialog = lazy(() =>
  Promise.all([import('./auth/StepUpDialog.tsx'), screenTextsReady()]).then(([m]) => ({ default: m.StepUpDialog })),
);
const screen = (load: () => Promise<{ default: ComponentType }>) =>
  lazy(() => Promise.all([load(), screenTextsReady()]).then(([m]) => m));
const Market = screen(() => import('./market/Market.tsx'));
const Currency = screen(() => import('./market/Currency.tsx'));
const Register = screen(() => import('./auth/Register.tsx'));
const Login = screen(() => import('./auth/Login.tsx'));
const Reset = screen(() => import('./auth/Reset.tsx'));
const GoogleCallback = screen(() => import('./auth/GoogleCallback.tsx'));
const Detail = screen(() => import('./content/Detail.tsx'));
const Introduction = screen(() => import('./content/Introduction.tsx'));
const Help = screen(() => import('./content/Help.tsx'));
const Support = screen(() => import('./support/Support.tsx'));
const Faq = screen(() => import('./content/Faq.tsx'));
const Notices = screen(() => import('./content/Notices.tsx'));
const Trading = screen(() => import('./smart/Trading.tsx'));
const Loan = screen(() => import('./loans/LoanScreen.tsx'));
const Nfts = screen(() => import('./nfts/Nfts.tsx'));
const NftDetail = screen(() => import('./nfts/NftDetail.tsx'));
const NftDonations = screen(() => import('./nfts/Donations.tsx'));
const Profile = screen(() => import('./auth/Profile.tsx'));
const Balance = screen(() => import('./wallet/Balance.tsx'));
const Invite = screen(() => import('./auth/Invite.tsx'));
const Notifications = screen(() => import('./wallet/Notifications.tsx'));
const Sessions = screen(() => import('./auth/Sessions.tsx'));
const Security = screen(() => import('./auth/SecurityScreen.tsx'));
const Orders = screen(() => import('./trading/OrdersScreen.tsx'));
const Order = screen(() => import('./trading/OrderScreen.tsx'));
const ChangePassword = screen(() => import('./auth/ChangePassword.tsx'));
const Portfolio = screen(() => import('./portfolio/Portfolio.tsx'));
const Verification = screen(() => import('./kyc/Verification.tsx'));
// one chunk with the security screen, whose queries it reads: a chunk of its own split those queries into
// three more shared chunks, whose names the home page's JavaScript would carry (docs/performance.md)
const Settings = screen(() => import('./auth/SecurityScreen.tsx').then((m) => ({ default: m.SettingsScreen })));
// the operator console: its own chunk, never part of the home page's JavaScript
const Admin = screen(() => import('./admin/AdminScreen.tsx'));
// the public proof of liabilities and reserves (docs/ledger.md)
const Proof = screen(() => import('./proof/ProofPage.tsx'));

/** Every route of docs/products.md, section 2; anything else goes to /. */
export const ROUTES: ReadonlyArray<readonly [string, ComponentType]> = [
  ['/', Home],
  ['/market', Market],
  ['/trading', Trading],
  ['/loan', Loan],
  ['/nfts', Nfts],
  // one NFT and the public donation ledger (routes of our own: the published list has /nfts only)
  ['/nfts/donations', NftDonations],
  ['/nfts/:id', NftDetail],
  ['/profile', Profile],
  ['/profile/balance', Balance],
  ['/profile/invite', Invite],
  ['/profile/notification', Notifications],
  ['/profile/sessions', Sessions],
  // passkeys, the withdrawal allowlist and limits (docs/security.md)
  ['/profile/security', Security],
  // language, demo/real, what the platform writes to the user and the state of its security (docs/frontend.md, "Settings")
  ['/profile/settings', Settings],
  // options orders: the list and one order's receipt (routes of our own: the published list has none)
  ['/profile/orders', Orders],
  ['/profile/orders/:id', Order],
  ['/profile/password', ChangePassword],
  // everything the user owns in the selected book, with its equity history (docs/portfolio.md)
  ['/profile/portfolio', Portfolio],
  // identity verification (KYC): the form as steps, or the status (docs/kyc.md)
  ['/profile/verification', Verification],
  ['/cruuency', Currency],
  ['/help', Help],
  // the built-in support chat (where the service button leads without an outside chat service)
  ['/support', Support],
  ['/help/faq', Faq],
  ['/help/notice', Notices],
  ['/pass/register', Register],
  ['/pass/login', Login],
  ['/pass/reset', Reset],
  ['/detail', Detail],
  ['/introduction', Introduction],
  // proof of liabilities beside the reserves (a route of our own: the published list has none)
  ['/proof', Proof],
  ['/api/loginCallback/google', GoogleCallback],
  ['/admin', Admin],
  ['/admin/:section', Admin],
];

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
    <AppActorsProvider>
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
    </AppActorsProvider>
  );
}
