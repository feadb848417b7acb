import { AccountIcon, HomeIcon, LoanIcon, MarketIcon, NftIcon, TradingIcon } from '../components/Icons.tsx';

/**
 * The six destinations of the top bar and the bottom tab bar (docs/products.md, section 2). `tab`
 * is the tab bar's shorter label where the full one cannot fit a sixth of a 390 px phone on one line.
 */
export const DESTINATIONS: ReadonlyArray<{ to: string; key: string; tab?: string; Icon: typeof HomeIcon }> = [
  { to: '/', key: 'nav.home', Icon: HomeIcon },
  { to: '/market', key: 'nav.market', Icon: MarketIcon },
  { to: '/trading', key: 'nav.trading', tab: 'newuser.tabTrading', Icon: TradingIcon },
  { to: '/loan', key: 'nav.loan', Icon: LoanIcon },
  { to: '/nfts', key: 'nav.nfts', Icon: NftIcon },
  { to: '/profile', key: 'nav.account', Icon: AccountIcon },
];

/** Footer and tab bar are hidden on reset, login and register; all chrome on the Google callback. */
export const isAuthPage = (path: string) => ['/pass/reset', '/pass/login', '/pass/register'].includes(path);
export const isBareRoute = (path: string) => path === '/api/loginCallback/google';
export const isActive = (to: string, path: string) => (to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`));
