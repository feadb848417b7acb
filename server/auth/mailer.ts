import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

/**
 * Where mail and SMS go. Every message is first written to the `outbox` table (operators
 * read it; tests read codes from it). With SMTP configured, e-mail is then sent and the row
 * marked sent (or its error kept); without it, the dev console prints the message. There is
 * no SMS provider yet: SMS stay in the outbox.
 */
export interface Mailer {
  deliver(msg: OutgoingMessage): Promise<void>;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Db, log: FastifyBaseLogger): Mailer {
  let transport: Transporter | undefined;
  const smtp = () => (transport ??= nodemailer.createTransport(config.smtpUrl));
  return {
    async deliver(msg) {
      const [row] = await db.insert(outbox).values(msg).returning({ id: outbox.id });
      if (!config.smtpUrl || msg.channel !== 'email') {
        // the dev console (no SMTP) shows the text; with SMTP this is production, where an SMS
        // waits in the outbox and its code must not land in the log
        const text = config.smtpUrl ? {} : { subject: msg.subject, body: msg.body };
        log.info({ outbox: row.id, channel: msg.channel, to: msg.recipient, ...text }, 'outbox message (not sent: no SMTP/SMS)');
        return;
      }
      try {
        await smtp().sendMail({ from: config.mailFrom, to: msg.recipient, subject: msg.subject, text: msg.body });
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
      } catch (err) {
        // the code still exists; the user can ask again after the cool-down
        log.error({ err, outbox: row.id }, 'mail delivery failed');
        await db.update(outbox).set({ error: String((err as Error).message ?? err).slice(0, 500) }).where(eq(outbox.id, row.id));
      }
    },
  };
}
