import type { FastifyBaseLogger } from 'fastify';
import type { CollateralAsset } from '../../src/contract/loans.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { Db } from '../platform/db/client.ts';
import type { Bus } from '../platform/bus/bus.ts';
import type { PersonalFiles } from '../platform/blobs/files.ts';
import type { ImageLimits } from '../platform/uploads/images.ts';
import type { LoanTermsConfig } from './terms.ts';

/** The feed as loans read it: a price, or null when there is none to trust (stale, unknown). */
export interface PriceSource {
  priceOf(code: string): string;
}

/** What the loans domain works with. */
export interface LoansDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  /** the loans clock (ms) */
  now: () => number;
  terms: LoanTermsConfig;
  market: PriceSource;
  mailer: Mailer | null;
  images: ImageLimits;
  /** hours an operator added in the console reviews no money (server/platform/operators/operatorTrust.ts) */
  operatorProbationHours: number;
  /** where signatures are sealed and stored (server/platform/blobs/files.ts) */
  files: PersonalFiles;
}

/** What the loans functions need of the service: its dependencies, its clock and its collateral prices. */
export interface LoansContext {
  readonly deps: LoansDeps;
  now(): number;
  /** The collateral's feed price in USDT, or null when the feed has none to trust. */
  priceOf(asset: CollateralAsset): string | null;
}
