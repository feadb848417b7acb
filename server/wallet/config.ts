import { configFragment, int, decimal } from '../platform/env.ts';

/** Deposits, withdrawals, their limits and holds. */
declare module '../platform/config.ts' {
  interface Config {
    /** Deposit claims one user may have waiting for review (DEPOSIT_PENDING_MAX, default 5; 10085). */
    depositPendingMax: number;
    /** Deposit claims one user may make per hour (DEPOSIT_CLAIMS_PER_HOUR, default 10; 10031). */
    depositClaimsPerHour: number;
    withdrawFeeRate: string;
    /** Hours withdrawals wait after a password reset or change (WITHDRAW_HOLD_AFTER_RESET_HOURS). */
    withdrawHoldAfterResetHours: number;
    /**
     * Deposits and withdrawals worth more than this (USDT) need two different operators
     * (FOUR_EYES_ABOVE_USDT); a record whose value is unknown (no price) counts as above.
     */
    fourEyesAboveUsdt: string;
    /** Hours before a saved withdrawal address is usable, and before turning the allowlist off takes effect (ALLOWLIST_DELAY_HOURS, default 24). */
    allowlistDelayHours: number;
    /**
     * Withdrawal limits per asset, valued in USDT, by verification level: per UTC day and over a
     * rolling 30 days (WITHDRAW_LIMIT_*; server/wallet/withdrawalLimits.ts, docs/wallet.md).
     */
    withdrawLimits: { basic: { day: string; month: string }; verified: { day: string; month: string } };
  }
}

/** The variables the wallet domain reads (README, "Configuration"). */
export const WALLET_ENV = {
  DEPOSIT_PENDING_MAX: int(1, 10_000, 5, 'deposit claims waiting per user'),
  DEPOSIT_CLAIMS_PER_HOUR: int(1, 10_000, 10, 'deposit claims per user per hour'),
  WITHDRAW_FEE_RATE: decimal('withdrawal fee as a fraction', '0.01'),
  WITHDRAW_HOLD_AFTER_RESET_HOURS: int(0, 24 * 365, 24, 'withdrawal hold after a password change'),
  FOUR_EYES_ABOVE_USDT: decimal('deposits and withdrawals above this need two operators', '10000'),
  ALLOWLIST_DELAY_HOURS: int(
    0,
    24 * 30,
    24,
    'a saved withdrawal address becomes usable, and turning the allowlist off takes effect, this long after',
  ),
  WITHDRAW_LIMIT_DAY_USDT: decimal('withdrawals per asset per UTC day, in USDT, before identity verification', '10000'),
  WITHDRAW_LIMIT_30D_USDT: decimal('withdrawals per asset over 30 days, in USDT, before identity verification', '50000'),
  WITHDRAW_LIMIT_DAY_USDT_VERIFIED: decimal('withdrawals per asset per UTC day, in USDT, once identity is verified', '1000000'),
  WITHDRAW_LIMIT_30D_USDT_VERIFIED: decimal('withdrawals per asset over 30 days, in USDT, once identity is verified', '10000000'),
};

export const walletConfig = configFragment(WALLET_ENV, (e) => ({
  depositPendingMax: e.DEPOSIT_PENDING_MAX ?? 5,
  depositClaimsPerHour: e.DEPOSIT_CLAIMS_PER_HOUR ?? 10,
  withdrawFeeRate: e.WITHDRAW_FEE_RATE ?? '0.01',
  withdrawHoldAfterResetHours: e.WITHDRAW_HOLD_AFTER_RESET_HOURS ?? 24,
  fourEyesAboveUsdt: e.FOUR_EYES_ABOVE_USDT ?? '10000',
  allowlistDelayHours: e.ALLOWLIST_DELAY_HOURS ?? 24,
  withdrawLimits: {
    basic: { day: e.WITHDRAW_LIMIT_DAY_USDT ?? '10000', month: e.WITHDRAW_LIMIT_30D_USDT ?? '50000' },
    verified: { day: e.WITHDRAW_LIMIT_DAY_USDT_VERIFIED ?? '1000000', month: e.WITHDRAW_LIMIT_30D_USDT_VERIFIED ?? '10000000' },
  },
}));
