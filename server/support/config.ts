import { configFragment, int } from '../platform/env.ts';

/** The support chat's limits. */
declare module '../platform/config.ts' {
  interface Config {
    /** Support chat messages one user or operator may send per minute (SUPPORT_MESSAGES_PER_MINUTE, default 10; 10140). */
    supportMessagesPerMinute: number;
    /** Open support conversations one customer may have (SUPPORT_OPEN_MAX, default 3; 10142). */
    supportOpenMax: number;
  }
}

/** The variables the support domain reads (README, "Configuration"). */
export const SUPPORT_ENV = {
  SUPPORT_MESSAGES_PER_MINUTE: int(1, 10_000, 10, 'support messages per minute'),
  SUPPORT_OPEN_MAX: int(1, 1000, 3, 'open support conversations per customer'),
};

export const supportConfig = configFragment(SUPPORT_ENV, (e) => ({
  supportMessagesPerMinute: e.SUPPORT_MESSAGES_PER_MINUTE ?? 10,
  supportOpenMax: e.SUPPORT_OPEN_MAX ?? 3,
}));
