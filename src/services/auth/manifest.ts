import type { ClientDomainManifest } from '../platform/domain.ts';
import { AccountIcon } from '../../views/platform/components/Icons.tsx';
import { AUTH_CHANGES } from './changes.ts';

/** Accounts, sessions, passkeys, two-factor codes and the account's screens (docs/auth.md). */
export default {
  name: 'auth',
  routes: [
    { path: '/profile', load: () => import('../../views/auth/Profile.tsx'), title: 'account.title' },
    { path: '/profile/invite', load: () => import('../../views/auth/Invite.tsx'), title: 'account.invite' },
    { path: '/profile/sessions', load: () => import('../../views/auth/Sessions.tsx'), title: 'account.sessions.title' },
    // passkeys, the withdrawal allowlist and limits (docs/security.md)
    { path: '/profile/security', load: () => import('../../views/auth/SecurityScreen.tsx') },
    // language, demo/real, what the platform writes to the user and the state of its security (docs/frontend.md,
    // "Settings"); one chunk with the security screen, whose queries it reads: a chunk of its own split those
    // queries into three more shared chunks, whose names the home page's JavaScript would carry (docs/performance.md)
    {
      path: '/profile/settings',
      load: () => import('../../views/auth/SecurityScreen.tsx').then((m) => ({ default: m.SettingsScreen })),
      title: 'settings.title',
    },
    { path: '/profile/password', load: () => import('../../views/auth/ChangePassword.tsx'), title: 'account.changePassword' },
    {
      path: '/pass/register',
      load: () => import('../../views/auth/Register.tsx'),
      title: 'auth.registerTitle',
      chrome: 'reduced',
    },
    { path: '/pass/login', load: () => import('../../views/auth/Login.tsx'), title: 'auth.loginTitle', chrome: 'reduced' },
    { path: '/pass/reset', load: () => import('../../views/auth/Reset.tsx'), title: 'auth.resetTitle', chrome: 'reduced' },
    { path: '/api/loginCallback/google', load: () => import('../../views/auth/GoogleCallback.tsx'), chrome: 'none' },
  ],
  // the step-up code prompt (services/platform/api.ts asks it when a call needs a fresh code): after the
  // first paint, with the screens' texts, so the home page's JavaScript stays without the sign-in flows
  overlays: [() => import('../../views/auth/StepUpDialog.tsx').then((m) => ({ default: m.StepUpDialog }))],
  destinations: [{ to: '/profile', key: 'nav.account', Icon: AccountIcon, place: 5 }],
  changes: AUTH_CHANGES,
  keyRoot: 'account',
} as const satisfies ClientDomainManifest;
