import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import type { Refusal } from '../../../machines/platform/refusal.ts';

/**
 * Runs a page flow (a machine from src/machines with its effects, from src/services/platform) for
 * as long as the component is mounted: the actor is created once, and the screen gets what
 * `view` makes of each snapshot (compared shallowly, so it renders again only when that changes)
 * and `send`. Screens render that and send events; they never call a service themselves, nor ask
 * for queries again: `create` gets the app's QueryClient, and the flow declares what its success
 * makes stale (src/services/platform). A screen that needs a decision of the machine asks it in
 * `view` (`snapshot.can(event)`) instead of repeating its rules.
 */
export function useFlow<M extends AnyStateMachine, V>(
  create: (client: QueryClient) => M,
  view: (snapshot: SnapshotFrom<M>) => V,
  input?: InputFrom<M>,
) {
  const client = useQueryClient();
  const [logic] = useState(() => create(client));
  const ref = useActorRef(logic, input === undefined ? undefined : { input });
  const state = useSelector(ref, view, shallowEqual);
  return [state, ref.send] as const;
}

/** A stable function that calls the latest `fn`: for callbacks handed to a flow created once. */
export function useLatest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}

/** A refusal's text in the user's language: the service's, or the translation of the key a guard named. */
export function useRefusalText(): (refusal: Refusal | null) => string | null {
  const { t } = useTranslation();
  return (r) => {
    if (!r) return null;
    if (r.message !== undefined) return r.message;
    // the catalogue's 10030 names a schema detail; a form says what to do instead
    if (r.key === 'errors:10030') return t('app:newuser.fix.general');
    const params = Object.fromEntries(Object.entries(r.params ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : t(v.key)]));
    return t(r.key ?? 'app:errors.unknown', params);
  };
}
