import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NftService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Charity NFTs: catalogue, sales, auctions, donations (server/nfts/service.ts). */
    nfts: NftService;
  }
}

/** The donation share: NFT_DONATION_SHARE (default 1 = 100 %), never below 0.9 nor above 1. */
export function donationShareFrom(raw: string | undefined): string {
  let d: Decimal;
  try {
    d = new Decimal(raw ?? '1');
  } catch {
    throw new Error(`NFT_DONATION_SHARE must be a number between 0.9 and 1, not ${raw}`);
  }
  if (!d.isFinite() || d.lt('0.9') || d.gt(1) || d.decimalPlaces() > 10)
    throw new Error(`NFT_DONATION_SHARE must be between 0.9 and 1, not ${raw}`);
  return d.toFixed();
}

/** Plugin 'nfts': decorates `app.nfts`. Its scheduler is an engine (server/nfts/engine.ts). */
async function nfts(app: FastifyInstance) {
  app.decorate(
    'nfts',
    new NftService({
      db: app.db,
      bus: app.bus,
      log: app.log.child({ module: 'nfts' }),
      now: () => app.clock.now(),
      donationShare: donationShareFrom(app.config.nftDonationShare ?? process.env.NFT_DONATION_SHARE),
      charity: (app.config.nftCharity ?? process.env.NFT_CHARITY)?.trim() || 'Children First Foundation',
      amountMax: app.config.operatorAmountMax,
    }),
  );
}

export default fp(nfts, { name: 'nfts', dependencies: ['platform'] });
