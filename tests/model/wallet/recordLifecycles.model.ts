import { expect } from 'vitest';
import { depositMachine, type DepositEvent } from '../../../src/machines/wallet/deposit.ts';
import { withdrawalMachine, type WithdrawalEvent } from '../../../src/machines/wallet/withdrawal.ts';
import { defineModel, type Model } from '../paths.ts';
import { chainDepositMachine, type ChainDepositEvent } from '../../../src/machines/chain/chainDeposit.ts';

/**
 * The deposit and withdrawal lifecycles that the server checks every status change against
 * (server/platform/statusTransitions.ts): pending awaits review; approval by hand and rejection are final, so
 * no further decision moves them; a payout on a watched network goes on to sent and confirmed.
 */
const awaiting = (s: { hasTag: (t: string) => boolean; status: string }) => {
  expect(s.hasTag('awaitingReview')).toBe(true);
  expect(s.status).toBe('active');
};
const settled = (s: { hasTag: (t: string) => boolean; status: string }) => {
  expect(s.hasTag('awaitingReview')).toBe(false);
  expect(s.status).toBe('done');
};

const depositEvents: DepositEvent[] = [
  { type: 'deposit.approve' },
  { type: 'deposit.reject', reason: 'no such transaction on chain' },
];
const withdrawalEvents: WithdrawalEvent[] = [
  { type: 'withdrawal.approve', payoutTxHash: `0x${'ab'.repeat(32)}` },
  { type: 'withdrawal.approve', payoutTxHash: `0x${'cd'.repeat(32)}`, route: 'verified' },
  { type: 'withdrawal.approve', payoutTxHash: null, route: 'platform' },
  { type: 'withdrawal.reject', reason: 'address on a sanctions list' },
  { type: 'withdrawal.waitForFunds' },
  { type: 'withdrawal.fundsBack' },
  { type: 'withdrawal.broadcast', txHash: `0x${'ef'.repeat(32)}` },
  { type: 'withdrawal.confirmed' },
];

const assertions = { pending: awaiting, approved: settled, rejected: settled };
/** On the chain: no operator is awaited; only a confirmation ends it. */
const onChain = (final: boolean) => (s: { hasTag: (t: string) => boolean; status: string }) => {
  expect(s.hasTag('awaitingReview')).toBe(false);
  expect(s.hasTag('onChain')).toBe(true);
  expect(s.status).toBe(final ? 'done' : 'active');
};
const withdrawalAssertions = {
  ...assertions,
  queued: onChain(false),
  waitingFunds: onChain(false),
  sent: onChain(false),
  confirmed: onChain(true),
};
const deposit = defineModel({
  name: 'deposit',
  machine: depositMachine,
  events: depositEvents,
  assertions,
  provide: () => depositMachine,
  expected: { states: 3, edges: 2 },
});
const withdrawal = defineModel({
  name: 'withdrawal',
  machine: withdrawalMachine,
  events: withdrawalEvents,
  assertions: withdrawalAssertions,
  provide: () => withdrawalMachine,
  expected: { states: 7, edges: 9 },
});

/**
 * A deposit seen on the chain (docs/wallet.md, "Deposits from the chain"): credited is final; a
 * reorganisation drops a confirming or below-minimum one, and the same transaction mined again
 * brings a dropped one back to confirming.
 */
const chainEvents: ChainDepositEvent[] = [
  { type: 'chainDeposit.confirmed' },
  { type: 'chainDeposit.belowMinimum' },
  { type: 'chainDeposit.reorged' },
  { type: 'chainDeposit.seenAgain' },
];
const open = (s: { hasTag: (t: string) => boolean; status: string }) => expect(s.status).toBe('active');
const chainDeposit = defineModel({
  name: 'chainDeposit',
  machine: chainDepositMachine,
  events: chainEvents,
  assertions: {
    confirming: (s) => {
      open(s);
      expect(s.hasTag('confirming')).toBe(true);
    },
    belowMinimum: (s) => {
      open(s);
      expect(s.hasTag('confirming')).toBe(false);
    },
    dropped: (s) => {
      open(s);
      expect(s.hasTag('confirming')).toBe(false);
    },
    credited: (s) => expect(s.status).toBe('done'),
  },
  provide: () => chainDepositMachine,
  expected: { states: 4, edges: 5 },
});

/** Three machines, one model: the cases are typed per machine above. */
export const model: Model = { cases: [...deposit.cases, ...withdrawal.cases, ...chainDeposit.cases] };
