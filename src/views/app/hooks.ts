import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { resourceMachine } from '../../machines/resource.ts';
import { formMachine } from '../../machines/form.ts';
import type { priceFeedMachine, Quote } from '../../machines/priceFeed.ts';
import type { sessionMachine } from '../../machines/session.ts';
import type { userEventsMachine } from '../../machines/userEvents.ts';
import { useAppActors } from './actors.tsx';

type SessionSnap = SnapshotFrom<typeof sessionMachine>;
type FeedSnap = SnapshotFrom<typeof priceFeedMachine>;
type UserEventsSnap = SnapshotFrom<typeof userEventsMachine>;

/** The bell's unread count and the wallet revision (grows with every live user event). */
export function useUserEvents() {
  const { userEvents } = useAppActors();
  const unread = useSelector(userEvents, (s: UserEventsSnap) => s.context.unread);
  const revision = useSelector(userEvents, (s: UserEventsSnap) => s.context.revision);
  const listening = useSelector(userEvents, (s: UserEventsSnap) => s.hasTag('listening'));
  return { unread, revision, listening, send: userEvents.send };
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

export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';
export function useFeedStatus(): { status: FeedStatus; simulated: boolean | null } {
  const { priceFeed } = useAppActors();
  const status = useSelector(priceFeed, (s: FeedSnap) => s.value as FeedStatus);
  const simulated = useSelector(priceFeed, (s: FeedSnap) => s.context.simulated);
  return { status, simulated };
}

export function useQuote(code: string | undefined): Quote | undefined {
  const { priceFeed } = useAppActors();
  return useSelector(priceFeed, (s: FeedSnap) => (code ? s.context.quotes[code] : undefined));
}

// Codes on screen, counted per mounted list, so the feed subscribes to their union.
const visible = new Map<string, number>();
let flush: ReturnType<typeof setTimeout> | undefined;

/** Subscribes the feed to these codes while the component is mounted. */
export function useVisibleCodes(codes: readonly string[]): void {
  const { priceFeed } = useAppActors();
  const key = codes.join(',');
  useEffect(() => {
    if (!key) return;
    const list = key.split(',');
    for (const c of list) visible.set(c, (visible.get(c) ?? 0) + 1);
    const schedule = () => {
      clearTimeout(flush);
      flush = setTimeout(() => {
        const union = [...visible.keys()];
        priceFeed.send({ type: 'feed.subscribe', codes: union.length ? union : null });
      }, 50);
    };
    schedule();
    return () => {
      for (const c of list) {
        const n = (visible.get(c) ?? 1) - 1;
        if (n <= 0) visible.delete(c);
        else visible.set(c, n);
      }
      schedule();
    };
  }, [key, priceFeed]);
}

/**
 * A screen's remote data as an actor: `load` is a service function; the actor calls it (with an
 * abort signal) whenever `params` change, so the view only renders states.
 */
export function useResource<T, P>(load: (params: P, signal: AbortSignal) => Promise<T>, params: P) {
  const loadRef = useRef(load);
  loadRef.current = load;
  const logic = useMemo(
    () => resourceMachine.provide({ actors: { load: fromPromise(({ input, signal }) => loadRef.current(input as P, signal)) } }),
    [],
  );
  const ref = useActorRef(logic, { input: { params } });
  const key = JSON.stringify(params);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.send({ type: 'resource.params', params: JSON.parse(key) as P });
  }, [key, ref]);
  const data = useSelector(ref, (s) => s.context.data as T | null);
  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const failed = useSelector(ref, (s) => s.matches('failed'));
  return { data, loading, failed, reload: () => ref.send({ type: 'resource.reload' }) };
}

/**
 * A user action that calls the service (submit a form, star a market) as a form actor: the view
 * sends values, the actor runs `run`, and `onDone` gets the result (store, navigate, reload).
 */
export function useAction<T>(run: (values: Record<string, string>, signal: AbortSignal) => Promise<T>, onDone?: (output: T) => void) {
  const runRef = useRef(run);
  runRef.current = run;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const logic = useMemo(
    () =>
      formMachine.provide({
        actors: { submit: fromPromise(({ input, signal }) => runRef.current(input, signal)) },
        actions: { succeeded: (_, p) => doneRef.current?.(p.output as T) },
      }),
    [],
  );
  const ref = useActorRef(logic);
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const error = useSelector(ref, (s) => s.context.error);
  const done = useSelector(ref, (s) => s.matches('done'));
  return {
    busy,
    error,
    done,
    submit: (values: Record<string, string>) => ref.send({ type: 'form.submit', values }),
    edit: () => ref.send({ type: 'form.edit' }),
  };
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
