import { configFragment, decimal } from '../platform/env.ts';

/** The yield reserve's operator limit. */
declare module '../platform/config.ts' {
  interface Config {
    /** The largest single funding of, or withdrawal from, the yield reserve in USDT (RESERVE_FUNDING_MAX). */
    reserveFundingMax: string;
  }
}

/** The variables the smart domain reads (README, "Configuration"). */
export const SMART_ENV = {
  RESERVE_FUNDING_MAX: decimal(
    'largest single funding of, or withdrawal from, the yield reserve (USDT); each needs two operators',
    '1000000',
  ),
};

export const smartConfig = configFragment(SMART_ENV, (e) => ({ reserveFundingMax: e.RESERVE_FUNDING_MAX ?? '1000000' }));
