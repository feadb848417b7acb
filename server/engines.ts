import type { FastifyInstance } from 'fastify';
import { startMarketEngine } from './market/feed/engine.ts';
import { startLoansEngine } from './loans/engine.ts';
import { startNftEngine } from './nfts/engine.ts';
import { startSmartEngine } from './smart/engine.ts';
import { startTradingEngine } from './trading/engine.ts';
import { startWalletEngine } from './wallet/engine.ts';
import { startEquitySnapshots } from './portfolio/snapshots.ts';
import { startProofEngine } from './proof/engine.ts';

/**
 * Background engines (market feed, triggers, scheduler). Returns a stop function.
 * Each domain adds its engine here.
 */
export async function startEngines(app: FastifyInstance): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  stops.push(await startMarketEngine(app));
  stops.push(await startSmartEngine(app));
  // after the market's: it reads the feed prices
  stops.push(await startLoansEngine(app));
  stops.push(await startNftEngine(app));
  // after the market's: it listens to the feed steps
  stops.push(await startTradingEngine(app));
  stops.push(await startWalletEngine(app));
  stops.push(await startEquitySnapshots(app));
  stops.push(await startProofEngine(app));
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
