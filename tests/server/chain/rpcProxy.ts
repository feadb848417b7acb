/**
 * A JSON-RPC node that can go away and come back on the same address: an HTTP proxy in front of
 * Anvil. `down()` closes it (connections refused, open ones cut), `up()` listens again on the same
 * port, so the service under test keeps its configured URL through the outage. `holdNextSend()`
 * lets the next `eth_sendRawTransaction` reach the node but never answers it: the sender is left
 * between "the node has it" and "I know it was sent", where a test kills it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RpcProxy {
  url: string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
  /** Resolves once the next broadcast reached the node (its caller never hears back). */
  holdNextSend(): Promise<void>;
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  let hold: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const held = hold && body.toString('utf8').includes('"eth_sendRawTransaction"') ? hold : undefined;
      if (held) hold = undefined;
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (r) => {
          if (held) return held();
          res.writeHead(r.status, { 'content-type': 'application/json' });
          res.end(Buffer.from(await r.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    down: stop,
    up: async () => {
      await listen(port);
    },
    close: stop,
    holdNextSend: () => new Promise<void>((resolve) => (hold = resolve)),
  };
}
