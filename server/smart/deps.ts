import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Bus } from '../notify/bus.ts';

/** What the smart domain works with. */
export interface SmartDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  /** the service clock (ms) */
  now: () => number;
  /** hours an operator added in the console moves no money (server/admin/operatorTrust.ts) */
  operatorProbationHours: number;
}
