import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { outbox } from '../../../server/platform/mail/schema.ts';
import { priceAlerts } from '../../../server/alerts/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { startTradingEngine } from '../../../server/trading/engine.ts';
import { ALERT_LIMIT, ALERT_PATHS } from '../../../src/contract/alerts.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { marketClock, tick } from '../trading/tradingFixtures.ts';
import { createUser, real, type TestUser } from '../wallet/walletFixtures.ts';

type Clock = ReturnType<typeof marketClock>;
async function step(app: FastifyInstance, clock: Clock, prices: Record<string, number>) {
  tick(app, clock, prices);
  await app.trading.engine?.idle();
  await app.alerts.watcher?.idle();
}
const call = async (app: FastifyInstance, u: TestUser, path: string, payload?: object, lang = 'en') =>
  body(
    await app.inject(
      payload ? { method: 'POST', url: path, headers: real(u, { lang }), payload } : { url: path, headers: real(u, { lang }) },
    ),
  );
const n = async (app: FastifyInstance, where: ReturnType<typeof eq>) =>
  Number((await app.db.select({ n: count() }).from(notifications).where(where))[0].n);
const alertRows = async (app: FastifyInstance, u: TestUser) =>
  Number((await app.db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, u.id)))[0].n);

/**
 * Price alerts (docs/alerts.md): an alert fires once, at the tick that crosses it, as a
 * notification and a mail in the account's language; it survives a restart (the index is rebuilt
 * from the table); an edit's old level never fires; two claims fire once; the 51st is refused.
 */
describe(`price alerts (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now, tradingSweepMs: 100, tradingSyncMs: 200, alertsSyncMs: 100 }));
  let stop: () => Promise<void> = async () => {};
  afterAll(() => stop());
  let u: TestUser;
  const email = `alerts_${Date.now()}@example.com`;
  beforeAll(async () => {
    u = await createUser(t.app);
    await t.app.db.update(users).set({ email, language: 'de' }).where(eq(users.id, u.id));
    tick(t.app, clock, { BTCUSDT: 67000, ETHUSDT: 3500 });
    stop = await startTradingEngine(t.app);
    expect(t.app.alerts.watcher).toBeDefined();
  });
  const create = (kind: string, value: string, code = 'BTCUSDT') => call(t.app, u, ALERT_PATHS.create, { code, kind, value });
  const fired = () => n(t.app, and(eq(notifications.userId, u.id), eq(notifications.kind, 'alert.fired'))!);

  it('an "above" alert fires once at the crossing tick, in the account\'s language, then never again', async () => {
    const r = await create('above', '68000');
    expect(r.code, r.msg).toBe(Ok.SUCCESS);
    expect(r.result).toMatchObject({ code: 'BTCUSDT', kind: 'above', value: '68000', status: 'active' });
    expect(t.app.alerts.watcher!.index.has(r.result.id)).toBe(true);
    await step(t.app, clock, { BTCUSDT: 67990 });
    expect(await fired()).toBe(0);
    await step(t.app, clock, { BTCUSDT: 68010 });
    expect(await fired()).toBe(1);
    const [note] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.id), eq(notifications.kind, 'alert.fired')));
    expect(note).toMatchObject({
      refType: 'priceAlert',
      refId: r.result.id,
      params: { code: 'BTCUSDT', kind: 'above', value: '68000', price: '68010.00' },
    });
    const [mail] = await t.app.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
    expect(mail.subject).toBe('Preisalarm: BTCUSDT');
    expect(mail.body).toContain('BTCUSDT hat 68010.00 erreicht');
    const list = await call(t.app, u, `${ALERT_PATHS.list}?code=BTCUSDT`);
    expect(list.result.alerts[0]).toMatchObject({
      id: r.result.id,
      status: 'fired',
      firedPrice: '68010',
      firedAt: new Date(clock.now()).toISOString(),
    });
    // further ticks beyond the level: nothing more
    await step(t.app, clock, { BTCUSDT: 68500 });
    await step(t.app, clock, { BTCUSDT: 67000 });
    await step(t.app, clock, { BTCUSDT: 68600 });
    expect(await fired()).toBe(1);
    expect(Number((await t.app.db.select({ n: count() }).from(outbox).where(eq(outbox.recipient, email)))[0].n)).toBe(1);
    // a fired alert is not edited (10300)
    expect((await call(t.app, u, ALERT_PATHS.update, { id: r.result.id, kind: 'above', value: '70000' })).code).toBe(
      Err.ALERT_ALREADY_FIRED,
    );
  });

  it('levels already reached and malformed values are refused with their codes, writing nothing', async () => {
    await step(t.app, clock, { BTCUSDT: 67000 });
    const before = await alertRows(t.app, u);
    expect((await create('above', '66000')).code).toBe(Err.ALERT_LEVEL_REACHED);
    expect((await create('below', '67000')).code).toBe(Err.ALERT_LEVEL_REACHED);
    expect((await create('below', '66000.123')).code).toBe(Err.ALERT_PRICE_WRONG);
    expect((await create('move', '0.05')).code).toBe(Err.ALERT_PERCENT_WRONG);
    expect((await create('move', '101')).code).toBe(Err.ALERT_PERCENT_WRONG);
    expect((await create('above', '1', 'NOPEUSDT')).code).toBe(Err.INSTRUMENT_NOT_FOUND);
    expect(await alertRows(t.app, u)).toBe(before);
  });

  it('"below" and 24-hour move alerts fire at their crossing tick; an edit\'s old level never fires', async () => {
    const below = await create('below', '66000');
    const moved = t.app.market.get('ETHUSDT')!.change24hPct;
    const move = await create('move', (Math.abs(moved) + 3).toFixed(2), 'ETHUSDT');
    expect(move.code, move.msg).toBe(Ok.SUCCESS);
    const edited = await create('above', '69000');
    const upd = await call(t.app, u, ALERT_PATHS.update, { id: edited.result.id, kind: 'above', value: '69500' });
    expect(upd.code, upd.msg).toBe(Ok.MODIFIED);
    const before = await fired();
    await step(t.app, clock, { BTCUSDT: 69100 }); // the old level: nothing
    expect(await fired()).toBe(before);
    await step(t.app, clock, { BTCUSDT: 65900 });
    expect(await fired()).toBe(before + 1);
    // a small ETH move: not enough; then a large one: the move alert fires at that tick
    await step(t.app, clock, { ETHUSDT: 3501 });
    expect(await fired()).toBe(before + 1);
    await step(t.app, clock, { ETHUSDT: 3500 * 1.5 });
    expect(Math.abs(t.app.market.get('ETHUSDT')!.change24hPct)).toBeGreaterThanOrEqual(Math.abs(moved) + 3);
    expect(await fired()).toBe(before + 2);
    const rows = await t.app.db.select().from(priceAlerts).where(eq(priceAlerts.userId, u.id));
    expect(rows.find((r) => r.id.toString() === below.result.id)!.status).toBe('fired');
    expect(rows.find((r) => r.id.toString() === move.result.id)!.status).toBe('fired');
    expect(rows.find((r) => r.id.toString() === edited.result.id)).toMatchObject({ status: 'active', version: 2 });
  });

  it('after a restart the index is rebuilt from the table and the alert fires once', async () => {
    await step(t.app, clock, { BTCUSDT: 67000 });
    await stop();
    expect(t.app.alerts.watcher).toBeUndefined();
    // created while no instance watches: only the table knows it
    const r = await create('below', '66500');
    expect(r.code, r.msg).toBe(Ok.SUCCESS);
    stop = await startTradingEngine(t.app);
    expect(t.app.alerts.watcher!.index.has(r.result.id)).toBe(true);
    const before = await fired();
    await step(t.app, clock, { BTCUSDT: 66400 });
    expect(await fired()).toBe(before + 1);
    await step(t.app, clock, { BTCUSDT: 66300 });
    expect(await fired()).toBe(before + 1);
  });

  it('two claims of the same alert (two instances) fire it once', async () => {
    const r = await create('above', '80000');
    const [row] = await t.app.db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.id, BigInt(r.result.id)));
    const at = { price: '80001.00', changePct: 1, time: clock.now() };
    const both = await Promise.all([t.app.alerts.fire(row.id, row.version, at), t.app.alerts.fire(row.id, row.version, at)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await n(t.app, and(eq(notifications.refType, 'priceAlert'), eq(notifications.refId, r.result.id))!)).toBe(1);
  });

  it(`at most ${ALERT_LIMIT} active alerts: the next is refused naming ${ALERT_LIMIT} and writes nothing; deleting makes room`, async () => {
    const other = await createUser(t.app);
    for (let i = 0; i < ALERT_LIMIT; i++) {
      const r = await call(t.app, other, ALERT_PATHS.create, { code: 'BTCUSDT', kind: 'above', value: String(90000 + i) });
      expect(r.code, r.msg).toBe(Ok.SUCCESS);
    }
    const rows = await alertRows(t.app, other);
    const refused = await call(t.app, other, ALERT_PATHS.create, { code: 'BTCUSDT', kind: 'above', value: '99999' });
    expect(refused.code).toBe(Err.ALERT_LIMIT_REACHED);
    expect(refused.msg).toContain(String(ALERT_LIMIT));
    expect(await alertRows(t.app, other)).toBe(rows);
    // someone else's alert: 10043, nothing deleted
    const list = await call(t.app, other, ALERT_PATHS.list);
    expect(list.result).toMatchObject({ limit: ALERT_LIMIT, active: ALERT_LIMIT });
    expect((await call(t.app, u, ALERT_PATHS.remove, { id: list.result.alerts[0].id })).code).toBe(Err.RECORD_NOT_FOUND);
    expect((await call(t.app, other, ALERT_PATHS.remove, { id: list.result.alerts[0].id })).code).toBe(Ok.SUCCESS);
    expect(t.app.alerts.watcher!.index.has(list.result.alerts[0].id)).toBe(false);
    expect((await call(t.app, other, ALERT_PATHS.create, { code: 'BTCUSDT', kind: 'above', value: '99999' })).code).toBe(
      Ok.SUCCESS,
    );
  });
});
