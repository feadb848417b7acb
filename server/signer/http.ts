/**
 * The signer's interface: a small HTTP server on a loopback address only, every request carrying
 * the shared token (`authorization: Bearer <SIGNER_TOKEN>`, compared in constant time).
 *
 * - `GET /address` → `{ address }`: the hot wallet this signer holds;
 * - `POST /sign { withdrawalId, nonce, maxFeePerGas, maxPriorityFeePerGas, gas? }` →
 *   `{ from, txHash, raw }`, or 403 `{ refused: reason }` when the withdrawal is not signable;
 * - `POST /fuel { sweepId, nonce, maxFeePerGas, maxPriorityFeePerGas }` and
 *   `POST /sweep { sweepId, nonce, maxFeePerGas, maxPriorityFeePerGas }` → `{ from, txHash, raw }`:
 *   the gas of a token sweep, and a sweep itself (server/signer/sweeps.ts).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignerRefusal } from './approvals.ts';
import type { Signer, SignRequest } from './signer.ts';
import type { SweepSignRequest } from './sweeps.ts';

const MAX_BODY = 4096;

const sameToken = (given: string, token: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b);
};

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost)$/;
export const isLoopback = (host: string) => LOOPBACK.test(host);

function send(res: http.ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) throw new SignerRefusal('request too large');
    chunks.push(c as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function signRequest(b: unknown): SignRequest {
  const r = b as Record<string, unknown>;
  const str = (k: string) => (typeof r?.[k] === 'string' ? (r[k] as string) : undefined);
  const wei = (k: string) => {
    const v = str(k);
    if (!v || !/^[0-9]{1,30}$/.test(v)) throw new SignerRefusal(`bad ${k}`);
    return v;
  };
  if (typeof r?.nonce !== 'number') throw new SignerRefusal('bad nonce');
  const gas = str('gas');
  if (gas !== undefined && !/^[0-9]{1,9}$/.test(gas)) throw new SignerRefusal('bad gas');
  return {
    withdrawalId: str('withdrawalId') ?? '',
    nonce: r.nonce,
    maxFeePerGas: wei('maxFeePerGas'),
    maxPriorityFeePerGas: wei('maxPriorityFeePerGas'),
    gas,
  };
}

function sweepRequest(b: unknown): SweepSignRequest {
  const r = b as Record<string, unknown>;
  const { nonce, maxFeePerGas, maxPriorityFeePerGas } = signRequest(b);
  return { sweepId: typeof r?.sweepId === 'string' ? r.sweepId : '', nonce, maxFeePerGas, maxPriorityFeePerGas };
}

/** The signer's acts by path: each parses its body and answers a signed transaction. */
const ACTS: Record<string, (signer: Signer, body: unknown) => Promise<object>> = {
  '/sign': (signer, b) => signer.sign(signRequest(b)),
  '/fuel': (signer, b) => signer.fuel(sweepRequest(b)),
  '/sweep': (signer, b) => signer.sweep(sweepRequest(b)),
};

export interface SignerServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the signer's HTTP server; refuses to listen anywhere but a loopback address. */
export async function serveSigner(signer: Signer, opts: { host: string; port: number; token: string }): Promise<SignerServer> {
  if (!isLoopback(opts.host)) throw new Error(`the signer listens on a loopback address only, not ${opts.host}`);
  if (opts.token.length < 32) throw new Error('the signer token has at least 32 characters');
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), opts.token)) return send(res, 401, { refused: 'unauthorised' });
    if (req.method === 'GET' && req.url === '/address') return send(res, 200, { address: signer.address });
    const act = req.method === 'POST' && req.url ? ACTS[req.url] : undefined;
    if (!act) return send(res, 404, { refused: 'not found' });
    readJson(req)
      .then((b) => act(signer, b))
      .then((signed) => send(res, 200, signed))
      .catch((err: unknown) =>
        err instanceof SignerRefusal ? send(res, 403, { refused: err.reason }) : send(res, 500, { refused: 'signer error' }),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
