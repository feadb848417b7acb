import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { FeedStatus, priceFeedMachine, Quote } from '../../../machines/market/priceFeed.ts';
import type { sessionMachine } from '../../../machines/auth/session.ts';
import type { userEventsMachine } from '../../../machines/platform/userEvents.ts';
import { useAppActors } from './actors.tsx';

type SessionSnap = SnapshotFrom<typeof sessionMachine>;
type FeedSnap = SnapshotFrom<typeof priceFeedMachine>;
type UserEventsSnap = SnapshotFrom<typeof userEventsMachine>;

/** The bell's unread count and whether the user channel is joined. */
export function useUserEvents() {
  const { userEvents } = useAppActors();
  const unread = useSelector(userEvents, (s: UserEventsSnap) => s.context.unread);
  const listening = useSelector(userEvents, (s: UserEventsSnap) => s.hasTag('listening'));
  return { unread, listening, send: userEvents.send };
}

/** What screens need from the session, in one small selector per value. */
export function useSession() {
  const { session } = useAppActors();
  const loggedIn = useSelector(session, (s: SessionSnap) => s.matches({ auth: 'loggedIn' }));
  const demo = useSelector(session, (s: SessionSnap) => s.hasTag('demo'));
  const user = useSelector(session, (s: SessionSnap) => s.context.user);
  const account = useSelector(session, (s: SessionSnap) => s.context.account);
  return { loggedIn, demo, user, account, send: session.send };
}

export type { FeedStatus };
export function useFeedStatus(): { status: FeedStatus; simulated: boolean | null } {
  const { priceFeed } = useAppActors();
  const status = useSelector(priceFeed, (s: FeedSnap) => s.value.link as FeedStatus);
  const simulated = useSelector(priceFeed, (s: FeedSnap) => s.context.simulated);
  return { status, simulated };
}

export function useQuote(code: string | undefined): Quote | undefined {
  const { priceFeed } = useAppActors();
  return useSelector(priceFeed, (s: FeedSnap) => (code ? s.context.quotes[code] : undefined));
}

/**
 * While the component is mounted its codes are watched: the feed actor counts every list's
 * codes and subscribes to their union (machines/priceFeed.ts); this hook only tells it.
 */
export function useVisibleCodes(codes: readonly string[]): void {
  const { priceFeed } = useAppActors();
  const key = codes.join(',');
  useEffect(() => {
    if (!key) return;
    const list = key.split(',');
    priceFeed.send({ type: 'feed.watch', codes: list });
    return () => priceFeed.send({ type: 'feed.unwatch', codes: list });
  }, [key, priceFeed]);
}

/** The value after it stopped changing for `ms` (search boxes). */
export function useDebounced<T>(value: T, ms = 250): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}
