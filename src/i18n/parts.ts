/**
 * The app's texts (`src/locales/<lng>/<domain>.json`, merged per language: scripts/locales.ts) are delivered in two parts, split at build time
 * (vite.config.ts, `?app&part=home` / `?app&part=screens`): what the shell and the home page show, which
 * the first render waits for, and what only the other screens show, which loads right after the
 * first render and which every lazily loaded screen waits for with its own chunk
 * (src/i18n/index.ts, src/views/App.tsx). A first visit thus downloads a third of the English
 * texts before the app renders (docs/performance.md).
 *
 * A section not listed here goes with the home page: a new section never shows as raw keys.
 * tests/unit/platform/homeTexts.test.ts fails when a module of the home page's static import graph names a
 * key that is not in the home part.
 */

/** Sections only the lazily loaded screens use... */
export const SCREEN_SECTIONS: readonly string[] = [
  'auth',
  'account',
  'orders',
  'trading',
  'loan',
  'nfts',
  'wallet',
  'admin',
  'smart',
  'newuser',
  'support',
  'invite',
  'kyc',
  'detail',
  'content',
  'proof',
  'alerts',
  'portfolio',
  'settings',
  'chain',
  'apiKeys',
];

/** ...except these keys and subtrees of theirs, which the shell or the home page shows. */
export const SHELL_KEYS: readonly string[] = [
  // page titles (views/platform/app/DocumentTitle.tsx) and the desktop account menu
  'auth.loginTitle',
  'auth.registerTitle',
  'auth.resetTitle',
  'auth.logout',
  'account.title',
  'account.balance',
  'account.invite',
  'account.notifications',
  'account.sessions.title',
  'account.changePassword',
  'orders.allOrders',
  'admin.title',
  'proof.title',
  'settings.title',
  // the tab bar, the failed-load state (views/components/Loadable.tsx) and a malformed request's message (services/api.ts)
  'newuser.tabTrading',
  'newuser.notFound',
  'newuser.fix.general',
  // badges of both top bars
  'wallet.unread',
  'support.unread',
  // the toasts of live user events, on any screen (services/userEventText.ts)
  'wallet.event',
  'loan.event',
  'nfts.event',
  'kyc.event',
  'orders.dir',
  'orders.reason',
  'alerts.event',
  'chain.event',
  'orders.pending.kindShort',
  // the wallet tile and account menu name the portfolio
  'portfolio.title',
];

export type TextPart = 'home' | 'screens';
export type Texts = { [key: string]: string | Texts };

const isTexts = (v: unknown): v is Texts => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The keys of `texts` that belong to `part` (a deep copy; the two parts together are `texts`, without overlap). */
export function textsOfPart(texts: Texts, part: TextPart): Texts {
  const inHome = (path: string): boolean | 'split' => {
    const [section] = path.split('.');
    if (!SCREEN_SECTIONS.includes(section)) return true;
    if (SHELL_KEYS.some((k) => path === k || path.startsWith(`${k}.`))) return true;
    // a section or subtree that holds shell keys deeper down is split further
    return SHELL_KEYS.some((k) => k.startsWith(`${path}.`)) ? 'split' : false;
  };
  const pick = (node: Texts, prefix: string): Texts | null => {
    const out: Texts = {};
    for (const [k, v] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${k}` : k;
      const where = inHome(path);
      if (where === 'split' && isTexts(v)) {
        const sub = pick(v, path);
        if (sub) out[k] = sub;
      } else if ((where !== false) === (part === 'home')) out[k] = v;
    }
    return Object.keys(out).length > 0 ? out : null;
  };
  return pick(texts, '') ?? {};
}
