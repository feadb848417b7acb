import type { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../machines/auth/session.ts';
import { priceFeedMachine } from '../../machines/market/priceFeed.ts';
import { onboardingMachine } from '../../machines/platform/onboarding.ts';
import { languageMachine } from '../../machines/platform/language.ts';
import { userEventsMachine } from '../../machines/platform/userEvents.ts';
import { DECLINED_KINDS } from '../../contract/userEventKinds.ts';
import { getSettings, sessionToken, settings, wipeLocalStorage } from './settings.ts';
import { setUnauthorizedListener } from './api.ts';
import { authApi } from '../auth/api.ts';
import { walletApi } from '../wallet/api.ts';
import { feedSocket } from '../market/feedSocket.ts';
import { userSocket } from './userSocket.ts';
import { forgetUser, invalidateForUserEvent } from './queries/invalidation.ts';
import type { QueryRules } from './domain.ts';
import { navigate } from './navigation.ts';
import { toast } from './toast.ts';
import { i18n, setLanguage } from '../../i18n/index.ts';

/**
 * The composition root: the app-wide actors, created once by the app root (src/views/platform/app/
 * actors.tsx), with their side effects supplied here (.provide) so the machines stay free of
 * React, the router, storage and the HTTP client, and the views never see an API module. This is
 * the only place that writes the session token (settings store) and the one place that turns a
 * user event into query invalidation (with the domains' `rules`, handed in by the app: src/services/domains.ts).
 */
export function createAppActors(queryClient: QueryClient, rules: QueryRules) {
  const s = getSettings();
  const session = createActor(
    sessionMachine.provide({
      actors: {
        fetchUserInfo: fromPromise(({ signal }) => authApi.userInfo(signal)),
        logoutRemote: fromPromise(async ({ signal }) => {
          await authApi.logout(signal).catch(() => undefined);
        }),
      },
      actions: {
        storeSession: (_, p) => {
          // nothing cached for a previous user may show to this one
          forgetUser(queryClient, rules);
          settings.trigger.login({ token: p.token, userInfo: p.user });
        },
        storeUser: (_, p) => settings.trigger.userInfo({ userInfo: p.user }),
        clearSession: () => {
          settings.trigger.logout();
          forgetUser(queryClient, rules);
        },
        clearAllStorage: () => wipeLocalStorage(),
        storeBook: (_, p) => settings.trigger.book({ book: p.book }),
        goToLogin: () => navigate('/pass/login'),
        notify: (_, p) => toast(i18n.t(`app:${p.key}`), p.key === 'session.expired' ? 'error' : 'success'),
      },
    }),
    { input: { signedIn: sessionToken() !== null, user: s.isLogin ? s.userInfo : null, book: s.book } },
  );
  const priceFeed = createActor(priceFeedMachine.provide({ actors: { socket: feedSocket } }));
  const onboarding = createActor(
    onboardingMachine.provide({
      actions: {
        remember: () => settings.trigger.dismissBoard(),
        goHome: () => navigate('/'),
        goRegister: () => navigate('/pass/register'),
      },
      guards: { isLoggedIn: () => session.getSnapshot().matches({ auth: 'loggedIn' }) },
    }),
    { input: { showBoard: s.showBoard } },
  );
  const language = createActor(
    languageMachine.provide({
      actors: {
        applyLanguage: fromPromise(async ({ input }) => {
          await setLanguage(input.language);
          // content queries carry the language in their key: this switches them over
          settings.trigger.language({ language: input.language });
          // the account's mail follows the app; if this call is lost, the next sign-in sends the language again
          if (sessionToken() !== null) void authApi.setLanguage(input.language).catch(() => undefined);
        }),
      },
    }),
    { input: { language: s.language } },
  );
  const userEvents = createActor(
    userEventsMachine.provide({
      actors: {
        socket: userSocket,
        fetchUnread: fromPromise(({ signal }) => walletApi.unreadCount(signal)),
      },
      actions: {
        notify: (_, p) => {
          // the sentences arrive with the first event, not with the first visit's script (their texts
          // are in the home part already); events told in a row are toasted in that order
          void import('./userEventText.ts').then(({ userEventText, userEventTone }) => {
            // a closed position is coloured by its result after fees: a loss is never shown as a success
            const tone = userEventTone(p.event) ?? undefined;
            toast(userEventText(p.event), DECLINED_KINDS.has(p.event.kind) || tone === 'down' ? 'info' : 'success', tone);
          });
        },
        invalidate: (_, p) => {
          void invalidateForUserEvent(queryClient, rules, p.kind);
          // the session's balances of both books (profile, home wallet tile)
          session.send({ type: 'session.refresh' });
        },
        resync: () => {
          // every mounted query asks again, the others when next shown
          void queryClient.invalidateQueries();
          session.send({ type: 'session.refresh' });
        },
      },
    }),
  );
  setUnauthorizedListener((http) => session.send({ type: 'session.unauthorized', http }));
  return { session, priceFeed, onboarding, language, userEvents };
}

export type AppActors = ReturnType<typeof createAppActors>;
export type SessionRef = ActorRefFrom<typeof sessionMachine>;
export type PriceFeedRef = ActorRefFrom<typeof priceFeedMachine>;

/**
 * The user channel follows the session: joined while logged in, joined again when another
 * session replaces it (a new token), left on logout.
 */
export function followSession({ session, userEvents }: AppActors): () => void {
  let joined: string | null = null;
  const sync = () => {
    const snap = session.getSnapshot();
    const token = snap.matches({ auth: 'loggedIn' }) && !snap.matches({ auth: { loggedIn: 'leaving' } }) ? sessionToken() : null;
    if (token === joined) return;
    joined = token;
    userEvents.send(token ? { type: 'userEvents.start' } : { type: 'userEvents.stop' });
  };
  const sub = session.subscribe(sync);
  sync();
  return () => sub.unsubscribe();
}

/** Starts every app-wide actor; the returned function stops them (and the session following). */
export function startAppActors(actors: AppActors): () => void {
  const all = [actors.session, actors.priceFeed, actors.onboarding, actors.language, actors.userEvents];
  for (const a of all) a.start();
  const unfollow = followSession(actors);
  return () => {
    unfollow();
    for (const a of [...all].reverse()) a.stop();
  };
}
