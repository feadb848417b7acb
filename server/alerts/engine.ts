/**
 * The alert watcher (docs/alerts.md). It runs inside the trading engine's leader job
 * ('trading-triggers', server/trading/engine.ts), on that job's feed steps: one instance watches,
 * and another takes over (rebuilding from the database) when it goes. Each tick asks the index
 * which alerts it reaches and fires exactly those; firing claims the row, so an alert fires once
 * even if two instances ever watched at the same time.
 *
 * It learns of alerts created or edited on its own instance at once (the service's hooks), of
 * those on other instances by a periodic read of recently changed rows, and every FULL_EVERY
 * reads by a full one that also forgets alerts deleted or fired elsewhere.
 */
import { eq, gt } from 'drizzle-orm';
import type { PriceTick } from '../../src/contract/ws.ts';
import { priceAlerts, type PriceAlertRow } from './schema.ts';
import { AlertIndex } from './alertIndex.ts';
import { valueOf, type AlertsService } from './service.ts';

/** How far back a periodic read looks for alerts changed elsewhere (well above any commit delay). */
const RECENT_S = 30;
const FULL_EVERY = 30;

export class AlertWatcher {
  readonly index = new AlertIndex();
  /** The version each watched alert was indexed at: firing claims exactly that version. */
  private readonly versions = new Map<string, number>();
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private syncs = 0;
  /** Alerts this watcher fired (tests and logs). */
  fired = 0;

  constructor(
    private readonly alerts: AlertsService,
    private readonly syncMs: number,
  ) {}

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.chain
      .then(() => (this.stopped ? undefined : work()))
      .catch((err: unknown) => this.alerts.deps.log.error({ err }, 'alert watcher step failed'));
    this.chain = next;
    return next;
  }

  idle(): Promise<void> {
    return this.chain.then(() => undefined);
  }

  watch(r: PriceAlertRow): void {
    const id = r.id.toString();
    if (r.status !== 'active') {
      this.forget(id);
      return;
    }
    // a row read before a newer edit reached this index (a periodic read racing the hook) is older: keep the newer
    if ((this.versions.get(id) ?? 0) >= r.version) return;
    this.index.add({ id, code: r.code, kind: r.kind, value: valueOf(r) });
    this.versions.set(id, r.version);
  }

  forget(id: string): void {
    this.index.remove(id);
    this.versions.delete(id);
  }

  /** Reads the active alerts: all of them (start, and every FULL_EVERY reads) or those changed recently. */
  sync(full: boolean): Promise<void> {
    return this.enqueue(async () => {
      const d = this.alerts.deps;
      const where = full ? eq(priceAlerts.status, 'active') : gt(priceAlerts.updatedAt, new Date(d.now() - RECENT_S * 1000));
      const rows = await d.db.select().from(priceAlerts).where(where);
      if (full) {
        const active = new Set(rows.map((r) => r.id.toString()));
        for (const id of [...this.versions.keys()]) if (!active.has(id)) this.forget(id);
      }
      for (const r of rows) this.watch(r);
    });
  }

  /** A feed step: each tick fires the alerts it reaches, at that tick. */
  onTicks(ticks: readonly PriceTick[], timeOf: (code: string) => number): Promise<void> {
    return this.enqueue(async () => {
      for (const t of ticks) {
        const ids = this.index.reachedBy(t.code, t.price, t.change24hPct);
        for (const id of ids) {
          const version = this.versions.get(id);
          this.versions.delete(id);
          if (version === undefined) continue;
          try {
            if (await this.alerts.fire(BigInt(id), version, { price: t.price, changePct: t.change24hPct, time: timeOf(t.code) }))
              this.fired++;
          } catch (err) {
            // the next periodic read watches it again (it is still active), and a later tick fires it
            this.alerts.deps.log.error({ err, alert: id }, 'firing an alert failed');
          }
        }
      }
    });
  }

  async start(): Promise<void> {
    const d = this.alerts.deps;
    // the index is in memory and its changes are synchronous: a change made here is watched before the call answers
    d.onChanged = (r) => this.watch(r);
    d.onDeleted = (id) => this.forget(id);
    await this.sync(true);
    this.timer = setInterval(() => void this.sync(++this.syncs % FULL_EVERY === 0), this.syncMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    const d = this.alerts.deps;
    d.onChanged = undefined;
    d.onDeleted = undefined;
    this.stopped = true;
    await this.idle();
  }
}
