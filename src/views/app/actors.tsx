import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../machines/session.ts';
import { priceFeedMachine } from '../../machines/priceFeed.ts';
import { onboardingMachine } from '../../machines/onboarding.ts';
import { languageMachine } from '../../machines/language.ts';
import { settings, wipeLocalStorage } from '../../services/settings.ts';
import { setUnauthorizedListener } from '../../services/api.ts';
import { authApi } from '../../services/authApi.ts';
import { contentApi } from '../../services/contentApi.ts';
import { feedSocket } from '../../services/feedSocket.ts';
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
  setUnauthorizedListener((http) => session.send({ type: 'session.unauthorized', http }));
  return { session, priceFeed, onboarding, language };
}

export type AppActors = ReturnType<typeof createAppActors>;
export type SessionRef = ActorRefFrom<typeof sessionMachine>;
export type PriceFeedRef = ActorRefFrom<typeof priceFeedMachine>;

const ActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ children }: { children: ReactNode }) {
  const [actors] = useState(createAppActors);
  useEffect(() => {
    actors.session.start();
    actors.priceFeed.start();
    actors.onboarding.start();
    actors.language.start();
    return () => {
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
