/**
 * The trigger engine (docs/trading.md, "Engine"). It runs on one instance, the holder of the
 * job's advisory lock (server/platform/jobs/registry.ts; on PGlite: this process), and closes positions when the feed reaches them:
 *
 * - every feed step, each tick settles exactly the positions it crosses (take-profit, stop-loss,
 *   stop-out, from the pure index of server/trading/triggers) at that tick's price and time;
 * - a position whose period has ended closes at the first tick of its instrument at or after the
 *   end; when its market is closed then, at the last price before the end;
 * - on start (and on taking over leadership) the index is rebuilt from the open positions, and
 *   those whose end passed while no engine ran close at the last stored price at or before the
 *   end, marked delayed.
 *
 * - pending entry orders wait in the entry index (server/trading/triggers/entries.ts): the tick
 *   that reaches a level fills that order at its price (pending.ts), a validity that ended
 *   releases its hold;
 * - a trailing stop's stop-loss follows each tick's best price by its distance (written to the
 *   row, then watched at the new level), never back.
 *
 * Work is serialised on one chain, so a step never overlaps another. Settlement itself is
 * idempotent (the row is locked and must be open; ledger keys `order:<id>:close`), so a second
 * instance settling anyway, or a position closed by hand meanwhile, moves nothing twice.
 */
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { storedPriceAt } from '../market/index.ts';
import type { FastifyInstance } from 'fastify';
import type { PriceTick } from '../../src/contract/ws.ts';
import type { CloseReason } from '../../src/contract/trading.ts';
import { optionsOrders, type OptionsOrderRow } from './schema.ts';
import { optionsPendingOrders, type OptionsPendingOrderRow } from './pendingSchema.ts';
import { userWrite } from '../platform/db/userWrites.ts';
import { trailStop } from '../../src/contract/entryMath.ts';
import { entryFillsAtOrBelow } from '../../src/machines/trading/pendingOrder.ts';
import { EntryIndex } from './triggers/entries.ts';
import { expirePending, fillPending } from './pending.ts';
import Decimal from 'decimal.js';
import { startLeaderJob, type JobContext } from '../platform/jobs/scheduler.ts';
import type { CloseTick } from './settle.ts';
import { TriggerIndex, type TriggerReason, type WatchedPosition } from './triggers/index.ts';
import { wallClockMs } from '../platform/clock.ts';
import { followAlerts, leadAlerts } from '../alerts/index.ts';
import type { AlertWatcher } from '../alerts/index.ts';

declare module '../platform/config.ts' {
  interface Config {
    /** How often the engine looks at ended periods without a tick, and at markets that closed (default 1 s). */
    tradingSweepMs?: number;
    /** How often the engine re-reads the open positions, to learn of those opened or closed on other instances (default 2 s). */
    tradingSyncMs?: number;
  }
}

/** How far back a periodic read looks for positions opened elsewhere (well above any commit delay). */
const RECENT_S = 30;
/** Every this many periodic reads, a full one (forgets positions closed elsewhere). */
const FULL_EVERY = 30;

const watched = (r: OptionsOrderRow): WatchedPosition => ({
  id: r.id.toString(),
  code: r.code,
  direction: r.direction,
  stopLoss: r.stopLoss,
  takeProfit: r.takeProfit,
  stopOut: r.stopOutPrice,
  expiresAt: r.expiresAt.getTime(),
});

const sameLevels = (a: WatchedPosition, b: WatchedPosition) => a.stopLoss === b.stopLoss && a.takeProfit === b.takeProfit;

const LEVEL: Record<TriggerReason, keyof Pick<WatchedPosition, 'stopLoss' | 'takeProfit' | 'stopOut'>> = {
  take_profit: 'takeProfit',
  stop_loss: 'stopLoss',
  stop_out: 'stopOut',
};

/** One engine's state while it leads. */
export class TriggerEngine {
  readonly index = new TriggerIndex();
  /** Pending entry orders waiting for their level. */
  readonly entries = new EntryIndex();
  /** Trailing stops by instrument: code → id → distance, price precision and owner. */
  private readonly trailing = new Map<string, Map<string, { distance: string; precision: number; userId: bigint }>>();
  /** What the index was given of each watched position (the index keeps no prices we can read back). */
  private readonly positions = new Map<string, WatchedPosition>();
  /** Ended, waiting for their instrument's next tick: code → ids. */
  private readonly dueByCode = new Map<string, Set<string>>();
  /** Being settled now: a resync must not watch them again. */
  private readonly inFlight = new Set<string>();
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** Positions this engine closed (tests and logs). */
  settled = 0;

  constructor(private readonly app: FastifyInstance) {}

  private get log() {
    return this.app.trading.deps.log;
  }

  /** Runs `work` after everything queued before it; a failure is logged, never breaks the chain. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.chain
      .then(() => (this.stopped ? undefined : work()))
      .catch((err: unknown) => this.log.error({ err }, 'trigger engine step failed'));
    this.chain = next;
    return next;
  }

  /** Lets every queued step finish. */
  idle(): Promise<void> {
    return this.chain.then(() => undefined);
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.idle();
  }

  get watching(): number {
    return this.index.size + [...this.dueByCode.values()].reduce((n, s) => n + s.size, 0);
  }

  watchPending(row: OptionsPendingOrderRow): void {
    if (row.status !== 'pending') return;
    this.entries.add({
      id: row.id.toString(),
      code: row.code,
      fillsAtOrBelow: entryFillsAtOrBelow(row.direction, row.entryKind),
      level: new Decimal(row.entryPrice).toFixed(),
      expiresAt: row.expiresAt.getTime(),
    });
  }

  forgetPending(id: string): void {
    this.entries.remove(id);
  }

  private trail(row: OptionsOrderRow): void {
    const id = row.id.toString();
    for (const m of this.trailing.values()) m.delete(id);
    if (row.trailingDistance === null || row.stopLoss === null) return;
    let m = this.trailing.get(row.code);
    if (!m) this.trailing.set(row.code, (m = new Map()));
    m.set(id, { distance: new Decimal(row.trailingDistance).toFixed(), precision: row.pricePrecision, userId: row.userId });
  }

  /**
   * Moves the trailing stops on `code` a tick at `price` improves: the row first (only forward,
   * and only while open), then the index, so a stop that fires later is the row's own level.
   */
  private async ratchet(code: string, price: string): Promise<void> {
    const m = this.trailing.get(code);
    if (!m) return;
    for (const [id, t] of m) {
      const p = this.positions.get(id);
      if (!p || p.stopLoss === null || this.inFlight.has(id)) continue;
      const next = trailStop(p.direction, p.stopLoss, price, t.distance, t.precision);
      if (next === null) continue;
      const forward = p.direction === 'up' ? lt(optionsOrders.stopLoss, next) : gt(optionsOrders.stopLoss, next);
      // the owner's positions kept in memory are forgotten once it is written (server/platform/db/userWrites.ts)
      const [row] = await userWrite(this.app.db, [t.userId], () =>
        this.app.db
          .update(optionsOrders)
          .set({ stopLoss: next })
          .where(and(eq(optionsOrders.id, BigInt(id)), eq(optionsOrders.status, 'open'), forward))
          .returning({ id: optionsOrders.id }),
      );
      if (!row) continue;
      const moved = { ...p, stopLoss: next };
      this.positions.set(id, moved);
      this.index.add(moved);
    }
  }

  watch(row: OptionsOrderRow): void {
    const id = row.id.toString();
    if (row.status !== 'open' || this.inFlight.has(id) || this.positions.has(id)) return;
    const p = watched(row);
    this.positions.set(id, p);
    this.index.add(p);
    this.trail(row);
  }

  /** The position's levels changed (an SL/TP edit): watch the new ones. One being settled re-reads its row anyway. */
  rewatch(row: OptionsOrderRow): void {
    const id = row.id.toString();
    if (row.status !== 'open' || this.inFlight.has(id)) return;
    const p = watched(row);
    this.positions.set(id, p);
    this.index.add(p);
    this.trail(row);
  }

  forget(id: string): void {
    this.index.remove(id);
    this.positions.delete(id);
    for (const m of this.trailing.values()) m.delete(id);
    const p = [...this.dueByCode.values()].find((s) => s.has(id));
    p?.delete(id);
  }

  /**
   * Reads the open positions: watches those not watched yet, forgets those closed elsewhere, and
   * settles at once, delayed, any whose end passed before `missedBefore` (the service was down or
   * no instance led). Called on start (full) and periodically; between full reads only the
   * positions created in the last RECENT_S seconds are read (another instance's new positions),
   * so the periodic read stays small with many positions open.
   */
  sync(opts: { full?: boolean; missedBefore?: number } = {}): Promise<void> {
    return this.enqueue(async () => {
      const open = eq(optionsOrders.status, 'open');
      // on the platform clock, as openTime and stopsChangedAt are written (not the database's now())
      const recent = new Date(this.app.market.now() - RECENT_S * 1000);
      const where = opts.full
        ? open
        : and(open, or(gt(optionsOrders.openTime, recent), gt(optionsOrders.stopsChangedAt, recent)));
      const rows = await this.app.db.select().from(optionsOrders).where(where);
      if (opts.full) {
        const ids = new Set(rows.map((r) => r.id.toString()));
        for (const id of [...this.positions.keys()]) if (!ids.has(id) && !this.inFlight.has(id)) this.forget(id);
      }
      await this.syncPending(opts.full ?? false, recent);
      for (const r of rows) {
        if (
          opts.missedBefore !== undefined &&
          r.expiresAt.getTime() <= opts.missedBefore &&
          !this.positions.has(r.id.toString())
        ) {
          await this.settleMissed(r);
        } else if (r.stopsChangedAt && this.positions.has(r.id.toString())) {
          // changed on another instance: its levels replace the watched ones when they differ
          if (!sameLevels(this.positions.get(r.id.toString())!, watched(r))) this.rewatch(r);
        } else {
          this.watch(r);
        }
      }
    });
  }

  /** Pending entry orders: all on a full read (forgetting those ended elsewhere), else those placed recently. */
  private async syncPending(full: boolean, recent: Date): Promise<void> {
    const pending = eq(optionsPendingOrders.status, 'pending');
    const rows = await this.app.db
      .select()
      .from(optionsPendingOrders)
      .where(full ? pending : and(pending, gt(optionsPendingOrders.createdAt, recent)));
    if (full) {
      const ids = new Set(rows.map((r) => r.id.toString()));
      for (const id of this.entries.ids()) if (!ids.has(id)) this.entries.remove(id);
    }
    for (const r of rows) if (!this.entries.has(r.id.toString())) this.watchPending(r);
  }

  /** An end that passed while nobody watched: the last stored price at or before it, else the opening tick. */
  private async settleMissed(r: OptionsOrderRow): Promise<void> {
    const end = r.expiresAt.getTime();
    const stored = await storedPriceAt(this.app.db, r.code, end);
    const tick = stored && stored.time >= r.openTime.getTime() ? stored : { time: r.openTime.getTime(), price: r.openPrice };
    await this.settle(r.id.toString(), 'expiry', tick, { delayed: true });
  }

  private async settle(
    id: string,
    reason: CloseReason,
    tick: CloseTick,
    opts: { triggerPrice?: string | null; delayed?: boolean } = {},
  ) {
    this.inFlight.add(id);
    try {
      const out = await this.app.trading.settle(BigInt(id), reason, tick, opts);
      if (out?.settled) this.settled++;
      this.positions.delete(id);
      // not settled and still open: the level that fired was changed meanwhile; watch its levels now
      if (out && !out.settled && out.row.status === 'open') {
        this.inFlight.delete(id);
        this.watch(out.row);
      }
    } catch (err) {
      // the next tick (or sweep) tries again
      this.log.error({ err, order: id, reason }, 'settling a position failed; retried');
      const p = this.positions.get(id);
      if (p && reason !== 'expiry') this.index.add(p);
      else if (p) this.due(p.code, id);
    } finally {
      this.inFlight.delete(id);
    }
  }

  /** A pending order's level was reached: it fills (or is refused) at this tick; a failure retries at the next tick that reaches it. */
  private async fill(id: string, tick: CloseTick): Promise<void> {
    try {
      await fillPending(this.app.trading.deps, BigInt(id), tick);
    } catch (err) {
      this.log.error({ err, pending: id }, 'filling a pending order failed; re-read at the next full sync');
    }
  }

  private async expire(id: string): Promise<void> {
    try {
      await expirePending(this.app.trading.deps, BigInt(id));
    } catch (err) {
      this.log.error({ err, pending: id }, 'expiring a pending order failed; re-read at the next full sync');
    }
  }

  private due(code: string, id: string) {
    let s = this.dueByCode.get(code);
    if (!s) this.dueByCode.set(code, (s = new Set()));
    s.add(id);
  }

  /** A feed step: each tick settles what it crosses, then ended periods close at their instrument's tick. */
  onTicks(ticks: readonly PriceTick[]): Promise<void> {
    return this.enqueue(() => this.step(ticks));
  }

  /** Ended periods of instruments that had no tick: waiting for one, or at the last price when the market is closed. */
  sweep(): Promise<void> {
    return this.enqueue(() => this.step([]));
  }

  private async step(ticks: readonly PriceTick[]): Promise<void> {
    const market = this.app.market;
    const now = market.now();
    const at = new Map<string, CloseTick>();
    for (const t of ticks) {
      const time = market.get(t.code)?.time || now;
      at.set(t.code, { time, price: t.price });
      for (const hit of this.index.crossedBy(t.code, t.price)) {
        const p = this.positions.get(hit.id);
        await this.settle(hit.id, hit.reason, { time, price: t.price }, { triggerPrice: p ? p[LEVEL[hit.reason]] : null });
      }
      for (const id of this.entries.reachedBy(t.code, t.price)) await this.fill(id, { time, price: t.price });
      await this.ratchet(t.code, t.price);
    }
    for (const id of this.entries.expiredBy(now)) await this.expire(id);
    // ended periods: every tick of this step is at or after `now` of the step
    let latest = now;
    for (const t of at.values()) latest = Math.max(latest, t.time);
    for (const id of this.index.expiredBy(latest)) {
      const p = this.positions.get(id);
      if (p) this.due(p.code, id);
    }
    for (const [code, ids] of this.dueByCode) {
      if (ids.size === 0) continue;
      const q = market.get(code);
      let tick = at.get(code);
      if (!tick && q && !market.isOpen(q, now)) {
        // closed market: its last price, from before the end
        tick = { time: q.time || q.priceAt, price: market.formatPrice(q) };
      }
      if (!tick) continue;
      for (const id of [...ids]) {
        const p = this.positions.get(id);
        // a tick before the end (a price from an earlier step) does not close it
        if (p && at.has(code) && tick.time < p.expiresAt) continue;
        ids.delete(id);
        await this.settle(id, 'expiry', tick);
      }
    }
  }
}

/**
 * Starts the engine of this instance: on PostgreSQL it runs only while this instance holds the
 * trading lock (another takes over when it goes, rebuilding from the database); on PGlite at once.
 * Returns a stop function.
 */
export function startTradingEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  const deps = app.trading.deps;
  let engine: TriggerEngine | undefined;
  let off: (() => void) | undefined;
  let timers: NodeJS.Timeout[] = [];
  // price alerts ride on this job's feed steps (docs/alerts.md): one watcher, on the leader
  let alerts: AlertWatcher | undefined;

  const start = async ({ log, ran }: JobContext) => {
    if (engine) return;
    const e = new TriggerEngine(app);
    engine = e;
    app.trading.engine = e;
    // listen first, then read: a position opened in between is in one or the other
    // lag per step: from the step reaching the engine to its positions evaluated and settled
    const onPrices = (ticks: PriceTick[]) => {
      const at = wallClockMs();
      const t0 = performance.now();
      void e.onTicks(ticks).then(() => {
        const ms = performance.now() - t0;
        app.metrics.triggerLag.observe(ms / 1000);
        ran(at, ms);
      });
      void alerts?.onTicks(ticks, (code) => app.market.get(code)?.time || app.market.now());
    };
    app.market.events.on('prices', onPrices);
    deps.onOpened = (row) => e.watch(row);
    deps.onClosed = (row) => e.forget(row.id.toString());
    deps.onStopsChanged = (row) => e.rewatch(row);
    deps.onPendingPlaced = (row) => e.watchPending(row);
    deps.onPendingEnded = (row) => e.forgetPending(row.id.toString());
    off = () => {
      app.market.events.off('prices', onPrices);
      deps.onOpened = undefined;
      deps.onClosed = undefined;
      deps.onStopsChanged = undefined;
      deps.onPendingPlaced = undefined;
      deps.onPendingEnded = undefined;
    };
    alerts = await leadAlerts(app);
    await e.sync({ full: true, missedBefore: app.market.now() });
    let syncs = 0;
    timers = [
      setInterval(() => void e.sweep(), app.config.tradingSweepMs ?? 1000),
      setInterval(() => void e.sync({ full: ++syncs % FULL_EVERY === 0 }), app.config.tradingSyncMs ?? 2000),
    ];
    for (const t of timers) t.unref?.();
    log.info({ watching: e.watching, settledMissed: e.settled }, 'trigger engine started');
  };
  const stop = async () => {
    const e = engine;
    engine = undefined;
    for (const t of timers) clearInterval(t);
    timers = [];
    off?.();
    off = undefined;
    if (app.trading.engine === e) app.trading.engine = undefined;
    await followAlerts(app, alerts);
    alerts = undefined;
    await e?.stop();
  };

  return startLeaderJob(app, { name: 'trading-triggers', lead: start, follow: stop });
}
