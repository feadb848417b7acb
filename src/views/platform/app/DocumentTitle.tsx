import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';

/** The i18n key of each route's title (the route table is in App.tsx); a route not listed shows the brand alone. */
const TITLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/$/, 'nav.home'],
  [/^\/market$/, 'market.title'],
  [/^\/trading$/, 'nav.trading'],
  [/^\/loan$/, 'nav.loan'],
  [/^\/nfts$/, 'nav.nfts'],
  [/^\/profile$/, 'account.title'],
  [/^\/profile\/balance$/, 'account.balance'],
  [/^\/profile\/invite$/, 'account.invite'],
  [/^\/profile\/notification$/, 'account.notifications'],
  [/^\/profile\/sessions$/, 'account.sessions.title'],
  [/^\/profile\/orders(\/.*)?$/, 'orders.allOrders'],
  [/^\/profile\/password$/, 'account.changePassword'],
  [/^\/profile\/settings$/, 'settings.title'],
  [/^\/help$/, 'help.title'],
  [/^\/help\/faq$/, 'help.faq'],
  [/^\/help\/notice$/, 'help.notices'],
  [/^\/introduction$/, 'help.about'],
  [/^\/proof$/, 'proof.title'],
  [/^\/pass\/register$/, 'auth.registerTitle'],
  [/^\/pass\/login$/, 'auth.loginTitle'],
  [/^\/pass\/reset$/, 'auth.resetTitle'],
  [/^\/admin(\/.*)?$/, 'admin.title'],
];

/**
 * A page title per route, "<page> · <brand>", in the app's language: a tab, a bookmark or a
 * screen reader's page announcement says where the user is. An instrument's page is titled by its
 * code and a content page by its title (both from the address).
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const [path] = useLocation();
  const [params] = useSearchParams();
  const fromAddress =
    path === '/cruuency'
      ? (params.get('code') ?? '')
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(0, 20)
      : path === '/detail'
        ? (params.get('title') ?? '').slice(0, 80)
        : '';
  const key = TITLES.find(([re]) => re.test(path))?.[1];
  const page = fromAddress || (key ? t(key) : '');
  const brand = t('brand');
  useEffect(() => {
    document.title = page ? `${page} · ${brand}` : brand;
  }, [page, brand]);
  return null;
}
