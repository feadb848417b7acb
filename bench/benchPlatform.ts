/** What the benchmarks that run a platform in their own process share: its database, its customer, the machine's load. */
import crypto from 'node:crypto';
import os from 'node:os';
import { admin, dbUrl } from './pgAdmin.ts';

type Platform = Awaited<ReturnType<typeof import('../server/start.ts').createPlatform>>;

/** The load average now, as the reports print it. */
export const loadAvg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ');

/**
 * For `db` 'postgres', a database of the run's own on the admin server (its URL, and `drop` for
 * the end); for the embedded one, nothing to make or drop.
 */
export async function runDatabase(db: string, prefix: string): Promise<{ url?: string; drop: () => Promise<void> }> {
  if (db !== 'postgres') return { drop: async () => {} };
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  return { url: dbUrl(name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A bench customer (a session as the login call makes one) with demo money and `positions` open
 * demo positions bought through the route, as the app buys them, once the feed has priced the
 * instruments. Names start with `prefix`; the demo grant is referred to as `refId`.
 */
export async function demoCustomer(app: Platform, prefix: string, refId: string, positions: number) {
  const { users } = await import('../server/platform/identity/schema.ts');
  const { createSession } = await import('../server/auth/sessions.ts');
  const { transfer } = await import('../server/platform/ledger/ledger.ts');
  const { platformAccount, userAccount } = await import('../server/platform/ledger/accounts.ts');
  const tag = crypto.randomBytes(4).toString('hex');
  const [user] = await app.db
    .insert(users)
    .values({ username: `${prefix}_${tag}`, inviteCode: `${prefix}${tag}`.toUpperCase() })
    .returning({ id: users.id });
  const token = await createSession(app.db, user.id, 3600_000, { now: app.clock.now() });
  await app.db.transaction((tx) =>
    transfer(tx, {
      key: `bench:demo:${user.id}`,
      book: 'demo',
      asset: 'USDT',
      from: platformAccount('demo_grants'),
      to: userAccount(user.id, 'available'),
      amount: '1000000',
      reason: 'demo.grant',
      refType: 'bench',
      refId,
    }),
  );
  // the feed's first step gives the instruments their prices
  for (let i = 0; i < 200 && !(app.market.get('BTCUSDT') && app.market.get('ETHUSDT')); i++)
    await new Promise((r) => setTimeout(r, 50));
  for (let i = 0; i < positions; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/swx/customer/order/buyOptions',
      headers: { authorization: token, virtually: 'NO' },
      payload: {
        code: i % 2 ? 'ETHUSDT' : 'BTCUSDT',
        direction: i % 3 ? 'up' : 'down',
        lots: '0.1',
        leverage: 10,
        period: 86_400,
        clientKey: `${prefix}-${tag}-${i}`,
      },
    });
    const b = res.json() as { code: number; msg: string };
    if (b.code !== 200 && !(b.code >= 20_000 && b.code < 30_000))
      throw new Error(`bench customer: buyOptions ${b.code} ${b.msg}`);
  }
  return { id: user.id, token, tag };
}
