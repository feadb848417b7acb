/**
 * The separate signer in the chain tests: its keystore sealed from one of Anvil's funded accounts
 * (cheap scrypt), opened as `npm run signer` opens it, and served on a loopback port the platform is
 * configured with before it is built (server/signer/). It reads the test platform's database.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Db } from '../../../server/platform/db/client.ts';
import { serveSigner, type SignerServer } from '../../../server/signer/http.ts';
import { openKey, sealKey } from '../../../server/signer/keystore.ts';
import { Signer, type SignerSettings } from '../../../server/signer/signer.ts';
import { ANVIL_KEYS, TEST_CHAIN_ID, freePort } from '../../setup/anvil.ts';

/** The hot wallet: Anvil's third account (10,000 ETH), whose key only the signer opens. */
export const HOT_KEY = ANVIL_KEYS[2];
export const HOT = privateKeyToAccount(HOT_KEY).address;
export const SIGNER_TOKEN = 'test-signer-token-0123456789abcdef';
const PASSPHRASE = 'correct horse battery staple';

export interface TestSigner {
  port: number;
  url: string;
  signer: Signer;
  server: SignerServer;
  /** every line the signer logged */
  logged: Array<{ level: 'info' | 'warn'; o: Record<string, unknown>; msg: string }>;
}

/** A port chosen before the app is built; `start(db)` serves the signer there once it is. */
export function useSignerPort(): TestSigner & { start: (db: Db, settings: Partial<SignerSettings>) => Promise<void> } {
  const s = { logged: [] } as unknown as TestSigner & { start: (db: Db, settings: Partial<SignerSettings>) => Promise<void> };
  beforeAll(async () => {
    s.port = await freePort();
    s.url = `http://127.0.0.1:${s.port}`;
  });
  s.start = async (db, settings) => {
    const key = openKey(sealKey(HOT_KEY as Hex, PASSPHRASE, { n: 2 ** 10 }), PASSPHRASE);
    s.signer = new Signer(
      db,
      key,
      {
        chainId: TEST_CHAIN_ID,
        usdtDecimals: 6,
        fourEyesAboveUsdt: '10000',
        maxFeePerGas: 500n * 10n ** 9n,
        ...settings,
      },
      {
        info: (o, msg) => s.logged.push({ level: 'info', o: o as Record<string, unknown>, msg }),
        warn: (o, msg) => s.logged.push({ level: 'warn', o: o as Record<string, unknown>, msg }),
      },
    );
    s.server = await serveSigner(s.signer, { host: '127.0.0.1', port: s.port, token: SIGNER_TOKEN });
  };
  afterAll(async () => {
    await s.server?.close();
  });
  return s;
}

/** One request to the signer as the platform makes it. */
export async function askSigner(url: string, path: string, body?: object, token = SIGNER_TOKEN) {
  const res = await fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}
