import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import type { Bus } from '../platform/bus/bus.ts';

/** What the smart domain works with. */
export interface SmartDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  /** the service clock (ms) */
  now: () => number;
  /** hours an operator added in the console moves no money (server/platform/operators/operatorTrust.ts) */
  operatorProbationHours: number;
  /** the largest single funding of, or withdrawal from, the reserve (RESERVE_FUNDING_MAX, USDT) */
  reserveFundingMax: string;
  /** the largest product limit an operator may set (OPERATOR_AMOUNT_MAX, USDT) */
  operatorAmountMax: string;
}
