import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../services/platform/queries/client.ts';
import { toast } from '../../../services/platform/toast.ts';
import { createAppActors, startAppActors, type AppActors } from '../../../services/platform/appActors.ts';
import type { QueryRules } from '../../../services/platform/domain.ts';

export type { AppActors, PriceFeedRef, SessionRef } from '../../../services/platform/appActors.ts';

const ActorsContext = createContext<AppActors | null>(null);

/**
 * The app root's providers: the one QueryClient (server state) and the app-wide actors
 * (session, price feed, user events, language, onboarding), created once per page. `rules` are
 * what the domains declare of their query keys (src/services/domains.ts, handed in by App.tsx).
 */
export function AppActorsProvider({ children, rules }: { children: ReactNode; rules: QueryRules }) {
  // failures no screen shows (background refetches, mutations without an error state) are toasted
  const [queryClient] = useState(() => createQueryClient((message) => toast(message)));
  const [actors] = useState(() => createAppActors(queryClient, rules));
  useEffect(() => startAppActors(actors), [actors]);
  return (
    <QueryClientProvider client={queryClient}>
      <ActorsContext.Provider value={actors}>{children}</ActorsContext.Provider>
    </QueryClientProvider>
  );
}

export function useAppActors(): AppActors {
  const a = useContext(ActorsContext);
  if (!a) throw new Error('useAppActors outside AppActorsProvider');
  return a;
}
