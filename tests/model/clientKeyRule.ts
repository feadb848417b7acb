import { expect } from 'vitest';

/**
 * The client-key rule of every money flow (src/machines/platform/clientKey.ts), checked over what a model
 * run recorded: the sends, each with the values that make its submission and the key it carried,
 * and the successes between them. Between two successes, sending the same values again carries
 * the same key (a retry is answered with the first result); other values, or any send after a
 * success, carry a key never sent before (a new submission is never answered with an old result).
 */
export type KeyEntry = { values: string; key: string } | 'success';

export function expectKeyRule(entries: readonly KeyEntry[]): void {
  const used = new Set<string>();
  let last: { values: string; key: string } | null = null;
  for (const e of entries) {
    if (e === 'success') {
      last = null;
      continue;
    }
    expect(e.key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    if (last !== null && last.values === e.values) expect(e.key, 'a retry of the same submission keeps its key').toBe(last.key);
    else expect(used.has(e.key), 'a new submission gets a new key').toBe(false);
    used.add(e.key);
    last = e;
  }
}
