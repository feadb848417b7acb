/**
 * The client key of a call that moves or locks money (docs/frontend.md, "Client habits"). The
 * service deduplicates by it: a second request with the same key is answered with the first
 * result. So a retry of the same submission (a timeout whose request may have arrived) must carry
 * the key it was first sent with, and a new submission needs a new key, or the service would
 * answer it with the old result.
 *
 * One rule for every money flow: a submission is the values sent since the last success. The
 * flow's machine keeps the key with the values it was made for (`KeptKey`), asks `keyFor` each
 * time it sends, and forgets the key (`null`) after a success, so sending the same values again
 * after a success is a new submission.
 */
export interface KeptKey {
  readonly key: string;
  /** the values the key was made for, as compared */
  readonly of: string;
}

export const newClientKey = (): string => crypto.randomUUID();

/**
 * The key for sending `values` (what identifies the submission: the fields that go to the
 * service, trimmed as they go): the kept key when it was made for the same values, else a new one.
 */
export function keyFor(kept: KeptKey | null, values: unknown, make: () => string = newClientKey): KeptKey {
  const of = JSON.stringify(values);
  return kept !== null && kept.of === of ? kept : { key: make(), of };
}

/** Whether sending `values` now would be a retry of the kept submission (the same key goes out). */
export const isRetryOf = (kept: KeptKey | null, values: unknown): boolean => kept !== null && kept.of === JSON.stringify(values);

/** A call body with its client key. */
export type Keyed<V> = V & { clientKey: string };
