/**
 * A TCP proxy to Redis that delivers what Redis sends `lateMs` late (in order); what the client
 * sends goes at once: an instance on a slow network, or too busy to read its socket, for the
 * tests of what instances keep in memory (tests/server/platform/userReads.*.test.ts).
 *
 * `subscriberOnly`: only a connection that subscribed is late, from its SUBSCRIBE on (a backlog
 * of pushed messages), its other connections answering at once. A user's read then has its
 * version from Redis at once while the hint of the write before it is still on its way, so a
 * test fails when the hint is what made the read fresh; late everywhere, the hint would always
 * come before the version's answer on the same network.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { REDIS_URL } from './productionFixtures.ts';

export async function lateRedis(
  lateMs: number,
  { subscriberOnly = false } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    let late = !subscriberOnly;
    let pending = Promise.resolve();
    client.on('data', (chunk: Buffer) => {
      if (!late && /subscribe/i.test(chunk.toString('latin1'))) late = true;
      upstream.write(chunk);
    });
    // in order: a chunk that is not late still goes after the late ones before it
    upstream.on('data', (chunk) => {
      const wait = late ? new Promise<void>((r) => setTimeout(r, lateMs)) : Promise.resolve();
      const before = pending;
      pending = Promise.all([before, wait]).then(() => void (client.writable && client.write(chunk)));
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', () => setTimeout(end, lateMs)).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
