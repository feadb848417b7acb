import { Type } from 'typebox';
import { configFragment, text } from '../platform/env.ts';

/** The variables the nfts domain reads (README, "Configuration"): the charity NFT sales donate to. */
export const NFTS_ENV = {
  NFT_CHARITY: text('the charity NFT sales donate to'),
  NFT_DONATION_SHARE: Type.Optional(
    Type.String({
      pattern: '^(0\\.9\\d{0,9}|1(\\.0{1,10})?)$',
      description: 'share of a sale donated, 0.9 to 1',
      hint: 'a decimal from 0.9 to 1',
    }),
  ),
};

/** Checked at start with the rest; read where they are used (server/nfts/plugin.ts), so they add no field to the configuration. */
export const nftsConfig = configFragment(NFTS_ENV, () => ({}));
