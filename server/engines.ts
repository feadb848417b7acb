import type { FastifyInstance } from 'fastify';
import { DOMAINS } from './domains.ts';
import type { DomainManifest } from './platform/domain.ts';

/**
 * Background engines (the feed, triggers, schedulers): each domain's, in the order of
 * server/domains.ts. Returns a stop function, which stops them in the reverse order.
 */
export async function startEngines(app: FastifyInstance): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  const domains: readonly DomainManifest[] = DOMAINS;
  for (const d of domains) if (d.engine) stops.push(await d.engine(app));
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
