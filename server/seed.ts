import type { FastifyInstance } from 'fastify';
import { DOMAINS } from './domains.ts';
import type { DomainManifest } from './platform/domain.ts';

/**
 * First-start data, idempotent (safe on every start and on every instance): each domain's seeder
 * (its manifest's `seed`), in the order of server/domains.ts.
 */
export async function seedAll(app: FastifyInstance): Promise<void> {
  const domains: readonly DomainManifest[] = DOMAINS;
  for (const d of domains) await d.seed?.(app);
}
