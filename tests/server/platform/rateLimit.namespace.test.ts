import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { rateLimitOptions } from '../../../server/platform/http/external.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The route limits' keys on Redis carry the deployment's namespace, like every bus channel. */
it('two deployments sharing one Redis count their route limits apart (BUS_NAMESPACE prefixes the keys)', async () => {
  const closers: Array<() => Promise<void>> = [];
  const app = (busNamespace?: string) =>
    ({
      config: { redisUrl: REDIS_URL, busNamespace },
      addHook: (_: string, fn: () => Promise<void>) => closers.push(fn),
    }) as unknown as FastifyInstance;
  try {
    const a = rateLimitOptions(app('deploy-a:'));
    const b = rateLimitOptions(app('deploy-b:'));
    expect(a.nameSpace).toBe('deploy-a:tp-rate-limit-');
    expect(b.nameSpace).not.toBe(a.nameSpace);
    expect(rateLimitOptions(app()).nameSpace).toBe('tp-rate-limit-');
  } finally {
    for (const close of closers) await close();
  }
});
