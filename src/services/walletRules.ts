import { Err } from '../contract/errors.ts';
import { MIN_DEPOSIT, UPLOAD_MAX_BYTES_DEFAULT } from '../contract/constants.ts';
// types only from the wallet contract: its TypeBox schemas would drag the whole builder into the
// app's shared chunk (measured: +13 kB gzip on the home page)
import type { WithdrawalMethods } from '../contract/wallet.ts';
import type { DepositValues } from '../machines/depositForm.ts';
import type { WithdrawalValues } from '../machines/withdrawalForm.ts';
import { i18n } from '../i18n/index.ts';
import { isAbove, isBelow, parseAmount } from './money.ts';

/**
 * The wallet forms' client-side checks (the `validate` actors of the form machines). Each
 * refusal is the catalogue code the service would give, with its text in the user's language;
 * the service checks everything again.
 */
export class CodedError extends Error {
  constructor(readonly code: number, params?: Record<string, string>) {
    super(i18n.t(`errors:${code}`, params));
  }
}

const TX_HASH = /^(0x)?[0-9a-fA-F]{16,98}$/;
const LAST6 = /^[0-9]{6}$/;

/** What a file's first bytes say it is: JPEG, PNG or JPEG 2000 (JP2 box or J2K codestream), else null. */
export function sniffImage(head: Uint8Array): 'image/jpeg' | 'image/png' | 'image/jp2' | null {
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a])) return 'image/jp2';
  if (starts([0xff, 0x4f, 0xff, 0x51])) return 'image/jp2';
  return null;
}

const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${+(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(n / 1024)} kB`);

export async function validateDeposit(v: DepositValues, maxBytes = UPLOAD_MAX_BYTES_DEFAULT): Promise<void> {
  const amount = parseAmount(v.coin, v.amount);
  if (!amount) throw new CodedError(Err.AMOUNT_INVALID);
  if (isBelow(amount, MIN_DEPOSIT[v.coin])) throw new CodedError(Err.DEPOSIT_BELOW_MINIMUM, { name: v.coin, limit: MIN_DEPOSIT[v.coin] });
  if (!TX_HASH.test(v.txHash.trim())) throw new CodedError(Err.MALFORMED_REQUEST, { detail: i18n.t('app:wallet.txHashRule') });
  if (!LAST6.test(v.proofLast6.trim())) throw new CodedError(Err.MALFORMED_REQUEST, { detail: i18n.t('app:wallet.last6Rule') });
  if (!v.proof) throw new CodedError(Err.UPLOAD_REQUIRED);
  if (v.proof.size > maxBytes) throw new CodedError(Err.IMAGE_TOO_LARGE, { limit: formatBytes(maxBytes) });
  // the content decides, not the name: read the first bytes when we hold a real file
  const blob = v.proof as unknown as Partial<Blob>;
  if (typeof blob.slice === 'function') {
    const head = new Uint8Array(await (blob.slice(0, 12) as Blob).arrayBuffer());
    if (!sniffImage(head)) throw new CodedError(Err.IMAGE_FORMAT_WRONG);
  } else if (!/^image\/(jpeg|png|jp2|jpx)$/.test(v.proof.type)) throw new CodedError(Err.IMAGE_FORMAT_WRONG);
}

export async function validateWithdrawal(v: WithdrawalValues, methods: WithdrawalMethods | null): Promise<void> {
  const m = methods?.methods.find((x) => x.method === v.method);
  // the methods the service offers are the only valid ones
  if (!v.method || !m) throw new CodedError(Err.WITHDRAW_METHOD_REQUIRED);
  if (!v.address.trim()) throw new CodedError(Err.ADDRESS_REQUIRED);
  const amount = parseAmount(m.coin, v.amount);
  if (!amount || isBelow(amount, m.minAmount)) throw new CodedError(Err.AMOUNT_INVALID);
  if (isAbove(amount, m.available)) throw new CodedError(Err.INSUFFICIENT_BALANCE);
}
