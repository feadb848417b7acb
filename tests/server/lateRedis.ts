/**
 * A TCP proxy to Redis that delivers what Redis sends `lateMs` late (in order); what the client
 * sends goes at once: an instance on a slow network, or too busy to read its socket, for the
 * tests of what instances keep in memory (tests/server/platform/userReads.*.test.ts).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { REDIS_URL } from './productionFixtures.ts';

export async function lateRedis(lateMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on('data', (chunk) => setTimeout(() => client.writable && client.write(chunk), lateMs));
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
