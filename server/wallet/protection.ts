import { eq } from 'drizzle-orm';
import type {
  Allowlist,
  AllowlistSwitchBody,
  SaveAddressBody,
  SavedAddress,
  WithdrawalLimits,
} from '../../src/contract/walletProtection.ts';
import { createMailer, type Mailer } from '../platform/mail/mailer.ts';
import { users } from '../platform/identity/schema.ts';
import { accountLanguage, renderMail } from '../platform/mail/mailText.ts';
import { allowlistOf, removeAddress, saveAddress, switchAllowlist, type AllowlistNotice } from './allowlist.ts';
import type { WalletDeps } from './deps.ts';
import { withdrawalLimits } from './withdrawalLimits.ts';

type Deps = Pick<WalletDeps, 'db' | 'config' | 'clock' | 'bus' | 'log'>;

/**
 * Withdrawal protection (`app.walletProtection`): the address allowlist (allowlist.ts) and the
 * limits by verification level (withdrawalLimits.ts). The withdrawal itself checks both
 * (withdrawals.ts); this is what the security screen and the withdrawal form read and change.
 */
export class WalletProtection {
  private readonly mailer: Mailer;

  constructor(private readonly deps: Deps) {
    this.mailer = createMailer(deps.config, deps.db, deps.log);
  }

  allowlist(userId: bigint): Promise<Allowlist> {
    return allowlistOf(this.deps, userId);
  }

  /** `ip`: the client's address, named in the mail to the owner. */
  async saveAddress(userId: bigint, body: SaveAddressBody, ip: string): Promise<SavedAddress> {
    const { saved, notice } = await saveAddress(this.deps, userId, body);
    await this.mail(notice, ip);
    return saved;
  }

  removeAddress(userId: bigint, id: bigint): Promise<void> {
    return removeAddress(this.deps.db, userId, id);
  }

  async switch(userId: bigint, body: AllowlistSwitchBody, ip: string): Promise<Allowlist> {
    const { notice } = await switchAllowlist(this.deps, userId, body.on);
    if (notice) await this.mail(notice, ip);
    return allowlistOf(this.deps, userId);
  }

  limits(userId: bigint): Promise<WithdrawalLimits> {
    return withdrawalLimits(this.deps, userId);
  }

  /** The owner hears of every loosening at once, in the account's language: it may not be the owner who made it. */
  private async mail(n: AllowlistNotice, ip: string): Promise<void> {
    const [u] = await this.deps.db
      .select({ email: users.email, phone: users.phone, language: users.language })
      .from(users)
      .where(eq(users.id, n.userId))
      .limit(1);
    const to = u?.email
      ? { channel: 'email' as const, recipient: u.email }
      : u?.phone
        ? { channel: 'sms' as const, recipient: u.phone }
        : undefined;
    if (!u || !to) return;
    const mail = renderMail(accountLanguage(u.language), 'allowlist.subject', [n.sentence, 'security.notYou'], {
      ...n.params,
      ip,
    });
    await this.mailer.deliver({ ...to, ...mail }).catch((err) => this.deps.log.warn({ err }, 'allowlist notice not delivered'));
  }
}
