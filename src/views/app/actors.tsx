import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../machines/session.ts';
import { priceFeedMachine } from '../../machines/priceFeed.ts';
import { onboardingMachine } from '../../machines/onboarding.ts';
import { languageMachine } from '../../machines/language.ts';
import { userEventsMachine } from '../../machines/userEvents.ts';
import { settings, wipeLocalStorage } from '../../services/settings.ts';
import { setUnauthorizedListener } from '../../services/api.ts';
import { authApi } from '../../services/authApi.ts';
import { contentApi } from '../../services/contentApi.ts';
import { feedSocket } from '../../services/feedSocket.ts';
import { userSocket } from '../../services/userSocket.ts';
import { userEventText } from '../../services/userEventText.ts';
import { walletApi } from '../../services/walletApi.ts';
import { navigate } from '../../services/navigation.ts';
import { toast } from '../../services/toast.ts';
import { i18n, setLanguage } from '../../i18n/index.ts';

/**
 * The app-wide actors, created once: the machines get their side effects here (.provide), so
 * they stay free of React, the router and storage.
 */
function createAppActors() {
  const s = settings.getSnapshot().context;
  const session = createActor(
    sessionMachine.provide({
      actors: {
        fetchUserInfo: fromPromise(({ signal }) => authApi.userInfo(signal)),
        logoutRemote: fromPromise(async ({ signal }) => {
          await authApi.logout(signal).catch(() => undefined);
        }),
      },
      actions: {
        storeSession: (_, p) => settings.trigger.login({ token: p.token, userInfo: p.user }),
        storeUser: (_, p) => settings.trigger.userInfo({ userInfo: p.user }),
        clearSession: () => settings.trigger.logout(),
        clearAllStorage: () => wipeLocalStorage(),
        storeMode: (_, p) => settings.trigger.virtualStatus({ virtualStatus: p.virtualStatus }),
        goToLogin: () => navigate('/pass/login'),
        notify: (_, p) => toast(i18n.t(`app:${p.key}`), p.key === 'session.expired' ? 'error' : 'success'),
      },
    }),
    { input: { token: s.isLogin ? s.token : null, user: s.isLogin ? s.userInfo : null, virtualStatus: s.virtualStatus } },
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
          settings.trigger.language({ language: input.language });
        }),
        loadContents: fromPromise(({ input, signal }) => contentApi.list(input.type, signal)),
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
        notify: (_, p) => toast(userEventText(p.event), p.event.kind.endsWith('.rejected') ? 'info' : 'success'),
        // the session's balances of both books (profile, home wallet tile)
        refresh: () => session.send({ type: 'session.refresh' }),
      },
    }),
  );
  setUnauthorizedListener((http) => session.send({ type: 'session.unauthorized', http }));
  return { session, priceFeed, onboarding, language, userEvents };
}

export type AppActors = ReturnType<typeof createAppActors>;
export type SessionRef = ActorRefFrom<typeof sessionMachine>;
export type PriceFeedRef = ActorRefFrom<typeof priceFeedMachine>;

/** The user channel follows the session: joined with the token while logged in, left on logout. */
function followSession({ session, userEvents }: AppActors): () => void {
  let joined: string | null = null;
  const sync = () => {
    const s = session.getSnapshot();
    const token = s.matches({ auth: 'loggedIn' }) && !s.matches({ auth: { loggedIn: 'leaving' } }) ? s.context.token : null;
    if (token === joined) return;
    joined = token;
    userEvents.send(token ? { type: 'userEvents.start', token } : { type: 'userEvents.stop' });
  };
  const sub = session.subscribe(sync);
  sync();
  return () => sub.unsubscribe();
}

const ActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ children }: { children: ReactNode }) {
  const [actors] = useState(createAppActors);
  useEffect(() => {
    actors.session.start();
    actors.priceFeed.start();
    actors.onboarding.start();
    actors.language.start();
    actors.userEvents.start();
    const unfollow = followSession(actors);
    return () => {
      unfollow();
      actors.userEvents.stop();
      actors.priceFeed.stop();
      actors.session.stop();
      actors.onboarding.stop();
      actors.language.stop();
    };
  }, [actors]);
  return <ActorsContext.Provider value={actors}>{children}</ActorsContext.Provider>;
}

export function useAppActors(): AppActors {
  const a = useContext(ActorsContext);
  if (!a) throw new Error('useAppActors outside AppActorsProvider');
  return a;
}
