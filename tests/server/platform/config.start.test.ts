/**
 * A malformed variable stops the real start (server/main.ts, as `npm start` runs it) before
 * anything opens: a non-zero exit and a line naming the variable (issue 24 item 3).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { serviceCommand } from '../../setup/serviceCommand.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function start(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-config-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, serviceCommand('server/main.ts'), {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, out });
    });
  });
}

it('PORT=abc and FOUR_EYES_ABOVE_USDT=lots stop the start, each named', async () => {
  const r = await start({ PORT: 'abc', FOUR_EYES_ABOVE_USDT: 'lots' });
  expect(r.code, r.out).toBe(78);
  expect(r.out).toMatch(/configuration: PORT must be a whole number from 0 to 65535 \(got "abc"\)/);
  expect(r.out).toMatch(/configuration: FOUR_EYES_ABOVE_USDT must be a decimal number such as 10000 or 0.01 \(got "lots"\)/);
}, 60_000);

it('a malformed address stops it too, without repeating the secret it may hold', async () => {
  const r = await start({ DATABASE_URL: 'mysql://root:hunter2@db/x' });
  expect(r.code, r.out).toBe(78);
  expect(r.out).toContain('configuration: DATABASE_URL must be a URL (postgres:// or postgresql://)');
  expect(r.out).not.toContain('hunter2');
}, 60_000);
