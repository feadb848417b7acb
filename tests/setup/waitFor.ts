/**
 * The one way a test waits for a fact (a row, a message, a status): polls `cond` until it holds (or
 * returns a truthy value, which it returns) and fails after `ms`, naming `what`. Never a sleep.
 */
export async function waitFor<T>(what: string, cond: () => T | Promise<T>, ms = 20_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await cond();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`not met within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
