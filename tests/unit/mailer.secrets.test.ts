/**
 * Verification codes must not reach the log in production. Without SMTP (development) the
 * console shows the message on purpose; with SMTP configured, SMS still have no provider and
 * wait in the outbox: their text (the code) must stay out of the log.
 */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../server/auth/mailer.ts';
import type { Db } from '../../server/db/client.ts';

function fakes() {
  const stored: unknown[] = [];
  const logged: string[] = [];
  const db = {
    insert: () => ({ values: (v: unknown) => { stored.push(v); return { returning: async () => [{ id: 1n }] }; } }),
  } as unknown as Db;
  const rec = (...args: unknown[]) => { logged.push(JSON.stringify(args, (_k, x) => (typeof x === 'bigint' ? String(x) : x))); };
  const log = { info: rec, warn: rec, error: rec, debug: rec, trace: rec, fatal: rec } as unknown as FastifyBaseLogger;
  return { db, log, stored, logged };
}

const sms = { channel: 'sms' as const, recipient: '+447700900123', subject: 'Your verification code: 493817', body: 'Your verification code is 493817.' };

describe('mailer and secrets in the log', () => {
  it('with SMTP configured, an SMS (no provider) is kept in the outbox and its code is not logged', async () => {
    const f = fakes();
    await createMailer({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'x@example.com' }, f.db, f.log).deliver(sms);
    expect(f.stored).toHaveLength(1);
    expect(f.logged.length).toBeGreaterThan(0);
    for (const line of f.logged) expect(line).not.toContain('493817');
  });

  it('without SMTP (development) the console still shows the message', async () => {
    const f = fakes();
    await createMailer({ smtpUrl: undefined, mailFrom: 'x@example.com' }, f.db, f.log).deliver(sms);
    expect(f.logged.join('\n')).toContain('493817');
  });
});
