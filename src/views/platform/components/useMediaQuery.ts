import { useSyncExternalStore } from 'react';

/** Each query's subscription, made once, so a re-render does not subscribe again. */
const subscriptions = new Map<string, (change: () => void) => () => void>();

function subscriptionTo(query: string): (change: () => void) => () => void {
  let subscribe = subscriptions.get(query);
  if (!subscribe) {
    subscribe = (change) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', change);
      return () => list.removeEventListener('change', change);
    };
    subscriptions.set(query, subscribe);
  }
  return subscribe;
}

/** Whether the window matches `query`, kept current as it changes: markup that follows a breakpoint of the stylesheet. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(subscriptionTo(query), () => window.matchMedia(query).matches);
}
