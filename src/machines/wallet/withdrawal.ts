/**
 * Withdrawal lifecycle: submitted (the amount already sits in the withdrawal hold), then approved
 * or rejected (hold released back to available, reason shown). How an approval goes on depends on
 * the network (docs/wallet.md, "Payouts on the chain"):
 *
 * - unwatched (BTC, TRC20, or no node configured): the operator types the payout's hash and the
 *   withdrawal is `approved`, final, "not verified on chain";
 * - watched, the operator's hash checked on the node: `sent` at once, `confirmed` at N confirmations;
 * - watched, paid by the platform: `queued` until the sender broadcasts it (`waitingFunds` while the
 *   hot wallet holds less than it), then `sent` and `confirmed`.
 *
 * Pure definition shared by browser and server: the server checks every status change here.
 */
import { setup } from 'xstate';
import { statusNames, type StatusOf } from '../platform/statuses.ts';

/** How an approval pays: a hash typed by hand (unwatched), a typed hash the node confirmed, or the platform's sender. */
export type PayoutRoute = 'hand' | 'verified' | 'platform';

export type WithdrawalEvent =
  | { type: 'withdrawal.approve'; payoutTxHash: string | null; route?: PayoutRoute }
  | { type: 'withdrawal.reject'; reason: string }
  /** the sender broadcast the payout (its hash) */
  | { type: 'withdrawal.broadcast'; txHash: string }
  /** the hot wallet holds less than the withdrawal: it waits, whole, until refilled */
  | { type: 'withdrawal.waitForFunds' }
  | { type: 'withdrawal.fundsBack' }
  /** the payout has the network's confirmations */
  | { type: 'withdrawal.confirmed' };

const routeOf = (e: WithdrawalEvent) => (e.type === 'withdrawal.approve' ? (e.route ?? 'hand') : null);

export const withdrawalMachine = setup({
  types: { events: {} as WithdrawalEvent },
  guards: {
    verified: ({ event }) => routeOf(event) === 'verified',
    platform: ({ event }) => routeOf(event) === 'platform',
  },
}).createMachine({
  id: 'withdrawal',
  initial: 'pending',
  states: {
    pending: {
      tags: ['awaitingReview'],
      on: {
        'withdrawal.approve': [
          { guard: 'verified', target: 'sent' },
          { guard: 'platform', target: 'queued' },
          { target: 'approved' },
        ],
        'withdrawal.reject': 'rejected',
      },
    },
    /** paid by hand on an unwatched network: the typed hash, not verified on chain */
    approved: { type: 'final' },
    rejected: { type: 'final' },
    /** approved, the platform's sender pays it next */
    queued: {
      tags: ['onChain'],
      on: { 'withdrawal.broadcast': 'sent', 'withdrawal.waitForFunds': 'waitingFunds' },
    },
    /** approved, waiting whole for the hot wallet to be refilled (never a partial payment) */
    waitingFunds: {
      tags: ['onChain'],
      on: { 'withdrawal.fundsBack': 'queued', 'withdrawal.broadcast': 'sent' },
    },
    /** on the chain (the hash known), counting confirmations */
    sent: { tags: ['onChain'], on: { 'withdrawal.confirmed': 'confirmed' } },
    confirmed: { type: 'final', tags: ['onChain'] },
  },
});

/** A withdrawal's status: a state of the chart above, and nothing else. */
export type WithdrawalStatus = StatusOf<typeof withdrawalMachine>;
/** Every withdrawal status, in chart order ('pending' first). */
export const WITHDRAWAL_STATUSES = statusNames(withdrawalMachine);

/** What a withdrawal's record shows of its payout, asked of the chart (the views render it). */
export interface PayoutView {
  /** checked on the chain (a watched network), or the typed hash of an unwatched one ("not verified on chain"); null before approval */
  verified: boolean | null;
  /** "confirming k/N" while it is sent */
  confirming: { confirmations: number; required: number } | null;
}

export function payoutView(w: {
  status: string;
  payoutTxHash: string | null;
  confirmations: number | null;
  required: number | null;
}): PayoutView {
  const node = withdrawalMachine.root.states[w.status];
  const onChain = node?.tags.includes('onChain') ?? false;
  const verified = onChain ? true : w.status === 'approved' ? false : null;
  const confirming =
    w.status === 'sent' && w.required !== null ? { confirmations: w.confirmations ?? 0, required: w.required } : null;
  return { verified, confirming };
}
