import { AccountIcon, HomeIcon, LoanIcon, MarketIcon, NftIcon, TradingIcon } from '../components/Icons.tsx';

/** The six destinations of the top bar and the bottom tab bar (docs/products.md, section 2). */
export const DESTINATIONS = [
  { to: '/', key: 'nav.home', Icon: HomeIcon },
  { to: '/market', key: 'nav.market', Icon: MarketIcon },
  { to: '/trading', key: 'nav.trading', Icon: TradingIcon },
  { to: '/loan', key: 'nav.loan', Icon: LoanIcon },
  { to: '/nfts', key: 'nav.nfts', Icon: NftIcon },
  { to: '/profile', key: 'nav.account', Icon: AccountIcon },
] as const;

/** Footer and tab bar are hidden on reset, login and register; all chrome on the Google callback. */
export const isAuthPage = (path: string) => ['/pass/reset', '/pass/login', '/pass/register'].includes(path);
export const isBareRoute = (path: string) => path === '/api/loginCallback/google';
export const isActive = (to: string, path: string) => (to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`));
