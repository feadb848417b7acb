import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import type { PersonalFiles } from '../platform/blobs/files.ts';
import type { Bus } from '../platform/bus/bus.ts';
import type { Clock } from '../platform/clock.ts';
import type { UserReads } from '../platform/userReads.ts';
import type { Market } from './valuation.ts';
import type { ChainClaims } from '../chain/index.ts';

/** What the wallet works with: the platform's database, configuration and bus, and the market's prices. */
export interface WalletDeps {
  db: Db;
  config: Config;
  bus: Bus;
  log: FastifyBaseLogger;
  market: Market;
  /** The platform clock (app.clock). */
  clock: Clock;
  /** where proof images are sealed and stored (server/platform/blobs/files.ts) */
  files: PersonalFiles;
  /** A user's own reads kept in memory (server/platform/userReads.ts): the pages of their deposits. */
  reads: UserReads;
  /**
   * The chain domain, registered after the wallet (server/domains.ts), asked when a claim comes:
   * a watched network's claims are checked on the chain instead of reviewed (docs/wallet.md).
   */
  chain: () => ChainClaims | undefined;
}
