/**
 * One-time codes reach only their recipient. The outbox (which operators read) keeps them masked
 * in subject and body, for every channel, sent or not; without a delivery channel the dev console
 * prints them (development, or production with CONSOLE_DELIVERY=true) and production otherwise
 * refuses to start; with SMTP configured, SMS (no provider) keep their code out of the log.
 */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { createMailer } from '../../../server/platform/mail/mailer.ts';
import type { Db } from '../../../server/platform/db/client.ts';

function fakes() {
  const stored: Array<{ subject: string; body: string }> = [];
  const logged: string[] = [];
  const db = {
    insert: () => ({
      values: (v: { subject: string; body: string }) => {
        stored.push(v);
        return { returning: async () => [{ id: 1n }] };
      },
    }),
    update: () => ({ set: () => ({ where: async () => [] }) }),
    // the recipient's anti-phishing phrase (server/platform/mail/antiPhishing.ts): none set
    select: () => ({ from: () => ({ innerJoin: () => ({ where: () => ({ limit: async () => [] }) }) }) }),
  } as unknown as Db;
  const rec = (...args: unknown[]) => {
    logged.push(JSON.stringify(args, (_k, x) => (typeof x === 'bigint' ? String(x) : x)));
  };
  const log = { info: rec, warn: rec, error: rec, debug: rec, trace: rec, fatal: rec } as unknown as FastifyBaseLogger;
  return { db, log, stored, logged };
}

const sms = {
  channel: 'sms' as const,
  recipient: '+447700900123',
  subject: 'Your verification code: 493817',
  body: 'Your verification code is 493817.',
  secret: '493817',
};
const mail = { ...sms, channel: 'email' as const, recipient: 'a@example.com' };

describe('mailer and one-time codes', () => {
  it('with SMTP configured, an SMS (no provider) is kept in the outbox and its code is not logged', async () => {
    const f = fakes();
    await createMailer({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'x@example.com', consoleDelivery: false }, f.db, f.log).deliver(
      sms,
    );
    expect(f.stored).toHaveLength(1);
    expect(f.logged.length).toBeGreaterThan(0);
    for (const line of f.logged) expect(line).not.toContain('493817');
  });

  it('without SMTP (development) the dev console shows the message, the outbox does not', async () => {
    const f = fakes();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'x@example.com', consoleDelivery: true }, f.db, f.log);
    await mailer.deliver(sms);
    expect(f.logged.join('\n')).toContain('493817');
    expect(mailer.devConsole?.lastTo(sms.recipient)?.body).toContain('493817');
    expect(JSON.stringify(f.stored)).not.toContain('493817');
  });

  it('the outbox never holds a code: subject and body, e-mail and SMS, sent or not', async () => {
    for (const config of [
      { smtpUrl: undefined, consoleDelivery: true },
      { smtpUrl: 'smtp://127.0.0.1:1', consoleDelivery: false },
    ]) {
      for (const msg of [sms, mail, { ...mail, secret: undefined }]) {
        const f = fakes();
        await createMailer({ ...config, mailFrom: 'x@example.com' }, f.db, f.log).deliver(msg);
        expect(f.stored[0].subject).not.toMatch(/\d{6}/);
        expect(f.stored[0].body).not.toMatch(/\d{6}/);
        expect(f.stored[0].body).toContain('••••••');
      }
    }
  });

  it('production refuses to start without a delivery channel unless console delivery is allowed', () => {
    const f = fakes();
    const prod = loadConfig({ NODE_ENV: 'production' });
    expect(prod.consoleDelivery).toBe(false);
    expect(() => createMailer(prod, f.db, f.log)).toThrow(/no delivery channel/);
    expect(() => createMailer(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' }), f.db, f.log)).not.toThrow();
    expect(() => createMailer(loadConfig({ NODE_ENV: 'production', CONSOLE_DELIVERY: 'true' }), f.db, f.log)).not.toThrow();
    expect(loadConfig({}).consoleDelivery).toBe(true); // development: the console is the channel
  });
});
