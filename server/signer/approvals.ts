/**
 * What the signer believes before it signs (docs/security.md, "The signer"): it reads the
 * withdrawal and its approvals from the database itself, whatever the web service asked. A
 * withdrawal is signable when it is approved for the platform to pay (its final approval moved it
 * to `queued`), by an operator other than its owner, with a second operator when its value is above
 * the signer's own four-eyes line, and has not changed since it was approved: its coin, network,
 * address and amounts are the ones the approvals' audit records (append-only) hold.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client.ts';

/** A withdrawal the signer may pay: what goes where. */
export interface ApprovedPayout {
  id: bigint;
  coin: 'ETH' | 'USDT';
  network: 'ERC20';
  address: string;
  receiveAmount: string;
}

/** Why the signer refuses (logged, and answered to the caller). */
export class SignerRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

type WithdrawalRow = {
  id: string;
  user_id: string;
  coin: string;
  network: string;
  address: string;
  amount: string;
  receive_amount: string;
  status: string;
  reviewed_by: string | null;
  first_approved_by: string | null;
  value_usdt: string | null;
};
type AuditRow = { actor_id: string; action: string; after: Record<string, unknown> | null };

const FIELDS = [
  ['coin', 'coin'],
  ['network', 'network'],
  ['address', 'address'],
  ['amount', 'amount'],
  ['receive_amount', 'receiveAmount'],
] as const;

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** The approvals' snapshot of the record equals the record now (numbers compared as numbers). */
function unchanged(w: WithdrawalRow, after: Record<string, unknown> | null): string | null {
  if (!after) return 'the approval recorded no snapshot';
  for (const [col, key] of FIELDS) {
    const now = String(w[col]);
    const then = String(after[key] ?? '');
    const same = col === 'amount' || col === 'receive_amount' ? then !== '' && new Decimal(now).eq(then) : now === then;
    if (!same) return `${key} changed after approval (approved ${then}, now ${now})`;
  }
  return null;
}

export async function approvedPayout(db: DbOrTx, id: bigint, fourEyesAboveUsdt: string): Promise<ApprovedPayout> {
  const [w] = rowsOf<WithdrawalRow>(
    await db.execute(sql`select id::text, user_id::text, coin, network, address, amount::text, receive_amount::text,
      status, reviewed_by::text, first_approved_by::text, value_usdt::text from withdrawals where id = ${id}`),
  );
  if (!w) throw new SignerRefusal('no such withdrawal');
  if (!['queued', 'waitingFunds', 'sent'].includes(w.status))
    throw new SignerRefusal(`status ${w.status} is not approved for payment`);
  if (w.network !== 'ERC20' || (w.coin !== 'ETH' && w.coin !== 'USDT'))
    throw new SignerRefusal(`${w.coin}-${w.network} is not paid by this signer`);
  const audits = rowsOf<AuditRow>(
    await db.execute(sql`select actor_id::text, action, after from audit_log
      where target_type = 'withdrawal' and target_id = ${id.toString()}
        and action in ('withdrawal.approve', 'withdrawal.approve_first') order by id`),
  );
  const finals = audits.filter((a) => a.action === 'withdrawal.approve');
  if (finals.length !== 1) throw new SignerRefusal('no recorded approval');
  const final = finals[0];
  if (final.after?.status !== 'queued') throw new SignerRefusal('the approval did not ask the platform to pay');
  if (w.reviewed_by === null || final.actor_id !== w.reviewed_by) throw new SignerRefusal('the approver is not the one recorded');
  if (final.actor_id === w.user_id) throw new SignerRefusal("approved by the withdrawal's owner");
  const changed = unchanged(w, final.after);
  if (changed) throw new SignerRefusal(changed);

  const firsts = audits.filter((a) => a.action === 'withdrawal.approve_first');
  const needsTwo = w.value_usdt === null || new Decimal(w.value_usdt).gt(fourEyesAboveUsdt) || w.first_approved_by !== null;
  if (needsTwo) {
    const first = firsts.find((a) => a.actor_id === w.first_approved_by);
    if (!first || w.first_approved_by === null) throw new SignerRefusal('four eyes: no first approval recorded');
    if (first.actor_id === final.actor_id) throw new SignerRefusal('four eyes: both approvals by one operator');
    if (first.actor_id === w.user_id) throw new SignerRefusal("four eyes: first approval by the withdrawal's owner");
    const firstChanged = unchanged(w, first.after);
    if (firstChanged) throw new SignerRefusal(`four eyes: ${firstChanged}`);
  }
  return { id, coin: w.coin, network: 'ERC20', address: w.address, receiveAmount: w.receive_amount };
}
