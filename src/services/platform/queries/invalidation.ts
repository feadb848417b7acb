import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { UserEventKind } from '../../../contract/userEvents.ts';
import type { QueryRules } from '../domain.ts';
import { realBook } from './changes.ts';
import { adminKeys } from './keys.ts';

/**
 * What a change makes stale, by name. The user-events actor (live deposit / withdrawal status
 * changes), the domains' flows (the user's own submit) and the review flow (an operator's decision)
 * call these, so no screen polls or counts revisions: a mounted query whose key is invalidated
 * asks again, an unmounted one asks when it is next shown. What each kind of user event changes,
 * and which keys are public, each domain declares in its manifest (src/services/<domain>/manifest.ts);
 * src/services/domains.ts gathers them into the `QueryRules` the app hands in here.
 */

/**
 * Keys a live user event changes. A kind a newer service sends that this build does not know
 * makes the whole real book stale, so it is never silently ignored.
 */
export function keysChangedBy(rules: QueryRules, kind: UserEventKind): QueryKey[] {
  return rules.changedBy(kind) ?? realBook();
}

export function invalidateKeys(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}

/** A live user event arrived. */
export const invalidateForUserEvent = (client: QueryClient, rules: QueryRules, kind: UserEventKind) =>
  invalidateKeys(client, keysChangedBy(rules, kind));

/**
 * An operator decided a deposit or withdrawal: the record, as the service returned it, replaces
 * its row in every cached page of its queue. The row keeps its new status on screen (even under
 * the "pending" filter) until the queue is next asked for, instead of vanishing mid-review.
 */
export function recordReviewed<R extends { id: string }>(client: QueryClient, kind: 'deposit' | 'withdrawal', record: R): void {
  client.setQueriesData<{ rows: R[]; total: number }>(
    { queryKey: kind === 'deposit' ? adminKeys.deposits() : adminKeys.withdrawals() },
    (page) => page && { ...page, rows: page.rows.map((r) => (r.id === record.id ? record : r)) },
  );
}

/**
 * The session ended (logout, 401): nothing of that user stays in memory for the next one. Only
 * answers a domain declares public (the same for every visitor) stay; a domain added later is
 * forgotten without being listed anywhere (a list of user keys once missed the loans).
 */
export function forgetUser(client: QueryClient, rules: QueryRules): void {
  client.removeQueries({ predicate: (q) => !rules.isPublic(q.queryKey) });
}
