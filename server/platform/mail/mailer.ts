import nodemailer, { type Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outbox } from './schema.ts';
import { phraseLine } from './antiPhishing.ts';
import type { Language } from '../../../src/contract/constants.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  /** A one-time code in the text: only the recipient (or the dev console) ever reads it. */
  secret?: string;
  /** The language the message is written in, when not the account's (a code: the request's). */
  language?: Language;
}

/** What the outbox keeps of a one-time code: never the code. */
export const CODE_MASK = '••••••';

/** Hides verification codes (the message's secret, and any run of 6 digits) in a text. */
export function maskCodes(text: string, secret?: string): string {
  const withoutSecret = secret ? text.split(secret).join(CODE_MASK) : text;
  return withoutSecret.replace(/\b\d{6}\b/g, CODE_MASK);
}

/**
 * The last messages the dev console printed, kept in memory for the process itself (tests read
 * codes here). It exists only where console delivery is allowed; no route exposes it.
 */
export class DevConsole {
  private readonly recent: Array<Omit<OutgoingMessage, 'secret'>> = [];

  push(msg: OutgoingMessage): void {
    this.recent.push({ channel: msg.channel, recipient: msg.recipient, subject: msg.subject, body: msg.body });
    if (this.recent.length > 500) this.recent.shift();
  }

  /** The newest message to a recipient, as it was delivered. */
  lastTo(recipient: string): Omit<OutgoingMessage, 'secret'> | undefined {
    for (let i = this.recent.length - 1; i >= 0; i--) if (this.recent[i].recipient === recipient) return this.recent[i];
    return undefined;
  }
}

/**
 * Where mail and SMS go. Every message is written to the `outbox` table with its one-time code
 * masked (subject and body, any channel, sent or not): operators read the outbox, and an
 * operator who could read a code could take over the account. The code itself goes only to the
 * channel: SMTP for e-mail; without one (or for SMS, which has no provider yet), the server's
 * console when `consoleDelivery` allows it (development, or production with CONSOLE_DELIVERY=true).
 */
export interface Mailer {
  deliver(msg: OutgoingMessage): Promise<void>;
  /** Present only when codes may be printed to the console. */
  readonly devConsole?: DevConsole;
}

/** Production without a channel for codes would lock every user out (or leak codes): refuse to start. */
export function assertDeliveryChannel(config: Pick<Config, 'smtpUrl' | 'consoleDelivery'>): void {
  if (!config.smtpUrl && !config.consoleDelivery) {
    throw new Error(
      'no delivery channel for verification codes: set SMTP_URL, or CONSOLE_DELIVERY=true to print them to the server console',
    );
  }
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'consoleDelivery'>,
  db: Db,
  log: FastifyBaseLogger,
): Mailer {
  assertDeliveryChannel(config);
  let transport: Transporter | undefined;
  const smtp = () => (transport ??= nodemailer.createTransport(config.smtpUrl));
  const devConsole = config.consoleDelivery ? new DevConsole() : undefined;
  return {
    devConsole,
    async deliver(plain) {
      // the account's anti-phishing phrase opens every message to it; the outbox keeps it masked
      const line = await phraseLine(db, plain.recipient, plain.language);
      const msg = line ? { ...plain, body: `${line.sent}\n\n${plain.body}` } : plain;
      const kept = line ? `${line.kept}\n\n${plain.body}` : plain.body;
      const [row] = await db
        .insert(outbox)
        .values({
          channel: msg.channel,
          recipient: msg.recipient,
          subject: maskCodes(msg.subject, msg.secret),
          body: maskCodes(kept, msg.secret),
        })
        .returning({ id: outbox.id });
      if (!config.smtpUrl || msg.channel !== 'email') {
        if (devConsole) {
          // the dev console is the channel here; it is the server's own output, not the operator console
          devConsole.push(msg);
          log.info(
            { outbox: row.id, channel: msg.channel, to: msg.recipient, subject: msg.subject, body: msg.body },
            'dev console delivery (no SMTP/SMS channel)',
          );
        } else {
          log.warn(
            { outbox: row.id, channel: msg.channel, to: msg.recipient },
            'outbox message not delivered: no channel for it',
          );
        }
        return;
      }
      try {
        await smtp().sendMail({ from: config.mailFrom, to: msg.recipient, subject: msg.subject, text: msg.body });
        await db
          .update(outbox)
          .set({ sentAt: sql`now()` })
          .where(eq(outbox.id, row.id));
      } catch (err) {
        // the code still exists; the user can ask again after the cool-down
        log.error({ err, outbox: row.id }, 'mail delivery failed');
        await db
          .update(outbox)
          .set({ error: String((err as Error).message ?? err).slice(0, 500) })
          .where(eq(outbox.id, row.id));
      }
    },
  };
}
