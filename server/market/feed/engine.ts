import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CandleWriter, pruneCandles } from '../candles/candles.ts';
import { startLeaderJob, type JobContext } from '../../platform/jobs/scheduler.ts';
import { Simulator, runSimulator } from './simulator.ts';
import { ExchangeFeed } from './exchangeFeed.ts';
import type { FeedTick } from './feed.ts';
import { wallClockMs } from '../../platform/clock.ts';

declare module '../../platform/config.ts' {
  interface Config {
    /** How often the leader writes candles (default 10 s; open 4h/1d/1w buckets every minute). */
    candleFlushMs?: number;
  }
}

/** The bus channel of feed steps (the bus adds the deployment's namespace). */
export const PRICE_CHANNEL = 'prices';

interface RunningFeed {
  stop(): Promise<void>;
}

/** The leader's work: run the feed(s), keep candles, publish every step on the bus. */
async function startFeed(app: FastifyInstance, { log, ran }: JobContext): Promise<RunningFeed> {
  const market = app.market;
  const channel = PRICE_CHANNEL;
  const writer = new CandleWriter(app.db, (code) => market.get(code)?.info.pricePrecision ?? 8);
  await writer.init(
    market.state.list.map((q) => q.info.code),
    market.now(),
  );
  market.writer = writer;

  const publish = (ticks: FeedTick[]) => {
    writer.add(ticks);
    const msgs = market.applyFeed(ticks);
    if (msgs.length) app.bus.publish(channel, msgs).catch((err) => log.error({ err }, 'publishing prices failed'));
  };

  const exchange = app.config.feed.kind === 'exchange';
  const simulated = market.state.list.filter((q) => q.info.source === 'simulated');
  const seed = app.config.feed.seed ?? crypto.randomInt(2 ** 31);
  const sim = new Simulator(
    simulated.map((q) => ({
      code: q.info.code,
      price: q.price,
      volatility: q.info.volatility,
      dailyTurnover: q.info.dailyTurnover,
      hours: q.info.hours,
      since: q.time || q.priceAt,
    })),
    seed,
  );
  // instruments whose market is closed get no tick (and so send nothing on the websocket)
  const stopSim = runSimulator(sim, publish, 1000, () => market.now());

  let ex: ExchangeFeed | undefined;
  if (exchange) {
    const codes = market.state.list.filter((q) => q.info.source === 'exchange').map((q) => q.info.code);
    if (!app.config.feed.url) {
      log.error(
        { instruments: codes.length },
        'FEED=exchange without FEED_URL: exchange-fed instruments stay stale (no fallback to the simulator)',
      );
    } else {
      ex = new ExchangeFeed({ url: app.config.feed.url, codes, onTicks: publish, log, now: () => app.clock.now() });
      ex.start();
    }
  }

  let flushing: Promise<unknown> = Promise.resolve();
  let flushes = 0;
  const flushMs = app.config.candleFlushMs ?? 10_000;
  const everyMinute = Math.max(1, Math.round(60_000 / flushMs));
  const flush = (all = false) => {
    const coarse = all || ++flushes % everyMinute === 0;
    // each flush is one run in the jobs table: the feed's own steps are too many to record
    return (flushing = flushing.then(async () => {
      const at = wallClockMs();
      const t0 = performance.now();
      try {
        await writer.flush(coarse);
        ran(at, performance.now() - t0);
      } catch (err) {
        log.error({ err }, 'writing candles failed');
        ran(at, performance.now() - t0, err);
      }
    }));
  };
  const flushTimer = setInterval(flush, flushMs);
  flushTimer.unref?.();
  const pruneTimer = setInterval(
    () => void pruneCandles(app.db, market.now()).catch((err) => log.warn({ err }, 'pruning candles failed')),
    3600_000,
  );
  pruneTimer.unref?.();
  log.info(
    { simulated: simulated.length, exchange: exchange ? market.state.list.length - simulated.length : 0 },
    'market feed started',
  );

  return {
    async stop() {
      stopSim();
      ex?.stop();
      clearInterval(flushTimer);
      clearInterval(pruneTimer);
      await flush(true);
      if (market.writer === writer) market.writer = undefined;
    },
  };
}

/**
 * Market engine of one instance. Every instance listens to the bus and serves its own clients;
 * the feed runs on one: with REDIS_URL on PostgreSQL, the holder of the advisory lock; on
 * PGlite or without Redis, this process.
 */
export async function startMarketEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  const market = app.market;
  const now = market.now();
  // stale counts from engine start for simulated prices (the simulator continues from them); an
  // exchange-fed price was not heard from the exchange in this run (stored close, reference
  // price): stale until its first tick, never tradable
  for (const q of market.state.list) if (!q.seenAt && q.info.source !== 'exchange') q.seenAt = now;
  // a closed market gets no tick to build its 24h ring (24h change, sparkline): build those now
  market.state.warmClosed(now, (q) => market.isOpen(q, now));
  market.feedExpected = true;
  const unsubscribe = app.bus.subscribe(PRICE_CHANNEL, (msg) => market.applyBus(msg));

  let feed: RunningFeed | undefined;
  let changing: Promise<void> = Promise.resolve();
  // a failed start or stop rejects its caller but must not poison the chain for the next change
  const lead = (ctx: JobContext) =>
    (changing = changing
      .catch(() => {})
      .then(async () => {
        if (!feed) feed = await startFeed(app, ctx);
      }));
  const follow = () =>
    (changing = changing
      .catch(() => {})
      .then(async () => {
        const f = feed;
        feed = undefined;
        await f?.stop();
      }));

  // without Redis the instances cannot share ticks: each runs its own feed
  const stopJob = await startLeaderJob(app, { name: 'market-feed', elect: Boolean(app.config.redisUrl), lead, follow });

  return async () => {
    await stopJob();
    unsubscribe();
    market.feedExpected = false;
  };
}
