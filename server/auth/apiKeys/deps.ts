import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';

/** What the key functions work with (server/auth/apiKeys/plugin.ts builds it). */
export interface ApiKeyDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** requests per minute per key (API_KEY_RATE_PER_MINUTE) */
  ratePerMinute: number;
  /**
   * Whether the account's withdrawal address allowlist applies now (on, or turning off): the
   * wallet's, which comes after auth in server/domains.ts, so it is asked when a key needs it.
   */
  allowlistOn: (userId: bigint) => Promise<boolean>;
}
