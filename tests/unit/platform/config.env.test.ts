/**
 * One schema for the environment (server/platform/env.ts, issue 24 item 3): a malformed value stops
 * loadConfig with the variable's name; README's configuration table names exactly the schema's
 * variables; and no server code reads a variable the schema does not know.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV, ENV_NAMES, loadConfig } from '../../../server/config.ts';
import { readEnv } from '../../../server/platform/env.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const KEY_HEX = 'ab'.repeat(32);
const KEY_B64 = Buffer.alloc(32, 7).toString('base64');

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems.map((p) => p.name);
    throw e;
  }
  return [];
}

describe('the environment schema', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['FOUR_EYES_ABOVE_USDT', 'lots'],
    ['FOUR_EYES_ABOVE_USDT', '-5'],
    ['WITHDRAW_FEE_RATE', '1%'],
    ['SESSION_TTL_HOURS', '0'],
    ['SESSION_IDLE_MINUTES', '1.5'],
    ['PORT', '1e3'],
    ['FEED_STALE_MS', 'soon'],
    ['DATABASE_URL', 'mysql://x/y'],
    ['DATABASE_URL', 'postgresql://'],
    ['REDIS_URL', 'localhost:6379'],
    ['PUBLIC_URL', 'example.com'],
    ['SMTP_URL', 'mail:587'],
    ['KYC_KEY', 'short'],
    ['KYC_OLD_KEYS', `${KEY_HEX},nope`],
    ['FEED', 'binance'],
    ['NODE_ENV', 'prod'],
    ['CONSOLE_DELIVERY', 'yes'],
    ['LOG_LEVEL', 'loud'],
    ['ENGINES', 'no'],
    ['SOCIAL_DISCORD_URL', 'http://discord.gg/x'],
    ['NFT_DONATION_SHARE', '0.5'],
    ['OPERATOR_EMAIL', 'root'],
    ['WS_MAX_PER_ADDRESS', '0'],
  ])('%s=%s stops the start naming the variable', (name, value) => {
    expect(problemsOf({ [name]: value })).toEqual([name]);
  });

  it('names every malformed variable at once, and repeats no secret', () => {
    try {
      loadConfig({ PORT: 'abc', FOUR_EYES_ABOVE_USDT: 'lots', DATABASE_URL: 'mysql://root:hunter2@db/x', KYC_KEY: 'hunter2' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const msg = (e as Error).message;
      for (const n of ['PORT', 'FOUR_EYES_ABOVE_USDT', 'DATABASE_URL', 'KYC_KEY']) expect(msg).toContain(n);
      expect(msg).toContain('"abc"');
      expect(msg).not.toContain('hunter2');
    }
  });

  it('accepts well-formed values and converts them; empty means unset', () => {
    const c = loadConfig({
      PORT: '8080',
      FOUR_EYES_ABOVE_USDT: '2500.50',
      DATABASE_URL: 'postgresql://app@db:5432/trade',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://trade.example',
      KYC_KEY: KEY_B64,
      KYC_OLD_KEYS: `${KEY_HEX}, ${KEY_B64}`,
      NODE_ENV: 'production',
      CONSOLE_DELIVERY: 'true',
      SESSION_TTL_HOURS: '2',
      FEED: 'exchange',
      FEED_URL: 'wss://stream.example:9443',
      ENGINES: 'off',
      SMTP_URL: '',
      OPERATOR_EMAIL: 'ops@trade.example',
      NFT_DONATION_SHARE: '0.95',
    });
    expect(c).toMatchObject({
      port: 8080,
      fourEyesAboveUsdt: '2500.50',
      databaseUrl: 'postgresql://app@db:5432/trade',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://trade.example',
      kycKey: KEY_B64,
      kycOldKeys: [KEY_HEX, KEY_B64],
      production: true,
      consoleDelivery: true,
      sessionTtlMs: 2 * 3600_000,
      feed: { kind: 'exchange', url: 'wss://stream.example:9443' },
      engines: false,
      smtpUrl: undefined,
    });
  });

  it('the defaults are those README states (SESSION_TTL_HOURS 12, not 168)', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      sessionTtlMs: 12 * 3600_000,
      sessionIdleMs: 30 * 60_000,
      sessionRememberMs: 7 * 86_400_000,
      fourEyesAboveUsdt: '10000',
      withdrawFeeRate: '0.01',
      production: false,
      consoleDelivery: true,
      engines: true,
    });
    expect(readEnv(ENV, { UNRELATED: 'x' })).toEqual({});
  });

  it("README's configuration table names exactly the schema's variables", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.split('\n## Configuration\n')[1].split('\n## ')[0];
    const named = new Set<string>();
    for (const line of section.split('\n').filter((l) => l.startsWith('| `'))) {
      for (const m of line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)) named.add(m[1]);
    }
    expect([...named].sort()).toEqual([...ENV_NAMES].sort());
  });

  it('the production example sets only schema variables, and they pass it', () => {
    const text = fs.readFileSync(path.join(ROOT, '.env.production.example'), 'utf8');
    const env = Object.fromEntries(
      text
        .split('\n')
        .filter((l) => /^[A-Z]/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    for (const name of Object.keys(env)) expect(ENV_NAMES).toContain(name);
    expect(problemsOf(env)).toEqual([]);
  });

  it('server code reads no environment variable outside the schema', () => {
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts'))
          for (const m of fs.readFileSync(p, 'utf8').matchAll(/\benv(?:\?)?\.([A-Z][A-Z0-9_]+)/g)) read.add(m[1]);
      }
    };
    walk(path.join(ROOT, 'server'));
    // loadConfig reads through the schema (readEnv); what is read directly must be in it too
    expect(read).toContain('ONLINE_SERVICE_URL');
    expect([...read].filter((n) => !ENV_NAMES.includes(n))).toEqual([]);
  });
});
