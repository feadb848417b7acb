import { normalisePhone } from '../../src/contract/areaCodes.ts';
import { EMAIL_MAX, EMAIL_RE } from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import { BizError } from '../platform/http/errors.ts';

/** Where a code goes and how an account is found: a normalised e-mail or phone. */
export type Target = { kind: 'email'; value: string } | { kind: 'phone'; value: string; areaCode: string };

export function normaliseEmail(raw: string): string {
  const e = raw.trim().toLowerCase();
  if (e.length > EMAIL_MAX || !EMAIL_RE.test(e)) throw new BizError(Err.EMAIL_INVALID);
  return e;
}

export function phoneTarget(phone: string, areaCode: string | undefined): Target {
  const p = areaCode === undefined ? undefined : normalisePhone(areaCode, phone);
  if (!p) throw new BizError(Err.PHONE_INVALID);
  return { kind: 'phone', value: p.phone, areaCode: p.areaCode };
}

/**
 * Reads `email` or `phone` + `areaCode` from a body. Exactly one is expected: none gives
 * 10001, both give 10030 (the client is confused, not the user).
 */
export function targetOf(b: { email?: string; phone?: string; areaCode?: string }): Target {
  const hasEmail = b.email !== undefined && b.email !== '';
  const hasPhone = b.phone !== undefined && b.phone !== '';
  if (hasEmail && hasPhone) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'give either email or phone, not both' });
  if (hasEmail) return { kind: 'email', value: normaliseEmail(b.email!) };
  if (hasPhone) return phoneTarget(b.phone!, b.areaCode);
  throw new BizError(Err.USERNAME_OR_EMAIL_REQUIRED);
}

/** "a***e@example.com", "+44******0123": enough for the user to recognise, little for others. */
export function maskTarget(t: Target): string {
  if (t.kind === 'email') {
    const [local, domain] = t.value.split('@');
    const shown = local.length <= 2 ? local[0] : `${local[0]}***${local[local.length - 1]}`;
    return `${shown}@${domain}`;
  }
  const nat = t.value.slice(t.areaCode.length);
  return `${t.areaCode}${'*'.repeat(Math.max(0, nat.length - 4))}${nat.slice(-4)}`;
}
