import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import type { Bus } from '../platform/bus/bus.ts';
import type { PersonalFiles } from '../platform/blobs/files.ts';

/** What the KYC domain works with. */
export interface KycDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  config: Pick<Config, 'uploadMaxImageSide'>;
  /** where the images are sealed and stored (server/platform/blobs/files.ts) */
  files: PersonalFiles;
  /** the service clock (ms): the age rule's "today" and review times */
  now: () => number;
}
