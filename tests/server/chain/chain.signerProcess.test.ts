/**
 * `npm run signer` as it runs in production: a separate process (tsx server/signer/main.ts) with its
 * own environment, opening a keystore file with its passphrase and reading the platform's
 * PostgreSQL (the embedded database is one process's, so this file runs on PostgreSQL only). The
 * test platform asks it over loopback and never holds the passphrase.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEther, parseTransaction, type Hex } from 'viem';
import { Ok } from '../../../src/contract/errors.ts';
import { sealKey } from '../../../server/signer/keystore.ts';
import { body, usingPostgres, useTestApp, waitFor } from '../helpers.ts';
import { adminCall, createUser, fund, real } from '../wallet/walletFixtures.ts';
import { TEST_CHAIN_ID, freePort } from '../../setup/anvil.ts';
import { useChainWorld, watching } from './chainFixtures.ts';
import { askSigner, HOT, HOT_KEY, SIGNER_TOKEN } from './signerFixtures.ts';
import { serviceCommand } from '../../setup/serviceCommand.ts';

describe.skipIf(!usingPostgres())('npm run signer: the separate process', () => {
  const world = useChainWorld();
  let port = 0;
  let url = '';
  let child: ChildProcess | undefined;
  let output = '';
  beforeAll(async () => {
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
  });
  const t = useTestApp(() => watching(world, { signer: { url, token: SIGNER_TOKEN }, hotWallets: [HOT.toLowerCase() as Hex] }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signer-'));
  beforeAll(async () => {
    const passphrase = crypto.randomBytes(16).toString('hex');
    const keystore = path.join(dir, 'hot.json');
    fs.writeFileSync(keystore, JSON.stringify(sealKey(HOT_KEY, passphrase, { n: 2 ** 12 })));
    child = spawn(process.execPath, serviceCommand('server/signer/main.ts'), {
      env: {
        PATH: process.env.PATH,
        SIGNER_DATABASE_URL: t.config.databaseUrl,
        SIGNER_PORT: String(port),
        SIGNER_TOKEN,
        SIGNER_KEYSTORE: keystore,
        SIGNER_KEYSTORE_PASSPHRASE: passphrase,
        SIGNER_CHAIN_ID: String(TEST_CHAIN_ID),
        SIGNER_USDT_ERC20_CONTRACT: world.usdt,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitFor('the signer listening', () => output.includes('signer listening'), 30_000);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers with its wallet, signs an approved withdrawal, refuses an unapproved one, and logs both', async () => {
    expect((await askSigner(url, '/address')).body.address).toBe(HOT);
    const op = await createUser(t.app, 'operator');
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'ETH', '0.05');
    const address = `0x${crypto.randomBytes(20).toString('hex')}`;
    const w = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/user/withdrawal',
        headers: real(u),
        payload: { method: 'ETH-ERC20', address, amount: '0.05' },
      }),
    );
    expect(w.code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    const fees = { maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000' };
    expect((await askSigner(url, '/sign', { withdrawalId: w.result.id, nonce: 7, ...fees })).status).toBe(403);
    expect((await adminCall(t.app, op, 'POST', `/withdrawals/${w.result.id}/approve`, {})).result.status).toBe('queued');
    const signed = await askSigner(url, '/sign', { withdrawalId: w.result.id, nonce: 7, ...fees });
    expect(signed.status).toBe(200);
    expect(parseTransaction(signed.body.raw as Hex)).toMatchObject({ to: address, value: parseEther(w.result.receiveAmount) });
    await waitFor('both in its log', () => output.includes('signer signed') && output.includes('signer refused'));
    // the passphrase is the signer's: the platform's process never had it
    expect(JSON.stringify(process.env)).not.toContain('SIGNER_KEYSTORE_PASSPHRASE');
  });
});
