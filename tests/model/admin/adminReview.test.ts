import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { reviewActionMachine, reviewProblem } from '../../../src/machines/platform/reviewAction.ts';
import { Err } from '../../../src/contract/errors.ts';
import { reviewBody } from '../../../src/services/admin/api.ts';
import { checkModel } from '../pathRunner.ts';
import { model } from './adminReview.model.ts';

describe('reviewAction: generated paths', () => {
  checkModel(model);

  it('an invalid confirmation stays in the dialog with the problem and sends nothing', () => {
    const sent: unknown[] = [];
    const m = reviewActionMachine.provide({ actors: { submit: fromPromise(async ({ input }) => (sent.push(input), {})) } });
    const a = createActor(m, { input: { kind: 'withdrawal', id: '3' } }).start();
    a.send({ type: 'review.start', decision: 'approve' });
    a.send({ type: 'review.confirm', values: { payoutTxHash: '0x12' } });
    expect(a.getSnapshot().value).toBe('confirming');
    expect(a.getSnapshot().context.problem).toBe('hash');
    a.send({ type: 'review.cancel' });
    a.send({ type: 'review.start', decision: 'reject' });
    a.send({ type: 'review.confirm', values: { reason: '' } });
    expect(a.getSnapshot().context.problem).toBe('reason');
    expect(sent).toEqual([]);
  });

  it('a refusal keeps its catalogue code; the operator may try again or close', async () => {
    const m = reviewActionMachine.provide({
      actors: {
        submit: fromPromise(async (): Promise<unknown> =>
          Promise.reject(
            Object.assign(new Error('This record has already been reviewed'), { code: Err.STATUS_TRANSITION_DENIED }),
          ),
        ),
      },
    });
    const a = createActor(m, { input: { kind: 'deposit', id: '3' } }).start();
    a.send({ type: 'review.start', decision: 'approve' });
    a.send({ type: 'review.confirm', values: {} });
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().value).toBe('failed');
    expect(a.getSnapshot().context.refusal).toEqual({
      code: Err.STATUS_TRANSITION_DENIED,
      message: 'This record has already been reviewed',
    });
    a.send({ type: 'review.cancel' });
    expect(a.getSnapshot().value).toBe('idle');
    expect(a.getSnapshot().context.refusal).toBeNull();
  });
});

describe("reviewProblem: the dialog's input rules", () => {
  it('a rejection needs a reason of 1 to 500 characters (after trimming)', () => {
    expect(reviewProblem('deposit', 'reject', {})).toBe('reason');
    expect(reviewProblem('deposit', 'reject', { reason: ' \n\t ' })).toBe('reason');
    expect(reviewProblem('withdrawal', 'reject', { reason: 'x'.repeat(10_000) })).toBe('reason');
    expect(reviewProblem('withdrawal', 'reject', { reason: 'x'.repeat(500) })).toBeNull();
    // any text is a reason: React escapes it when the user reads it, the server binds it as a parameter
    expect(reviewProblem('deposit', 'reject', { reason: "'; DROP TABLE deposits; --" })).toBeNull();
    expect(reviewProblem('deposit', 'reject', { reason: '<script>alert(1)</script>' })).toBeNull();
  });
  it('a withdrawal approval needs a payout hash of 16 to 98 hexadecimal digits, 0x allowed', () => {
    expect(reviewProblem('withdrawal', 'approve', {})).toBe('hash');
    expect(reviewProblem('withdrawal', 'approve', { payoutTxHash: 'ab'.repeat(7) })).toBe('hash');
    expect(reviewProblem('withdrawal', 'approve', { payoutTxHash: 'ab'.repeat(8) })).toBeNull();
    expect(reviewProblem('withdrawal', 'approve', { payoutTxHash: `0x${'a'.repeat(98)}` })).toBeNull();
    expect(reviewProblem('withdrawal', 'approve', { payoutTxHash: 'a'.repeat(99) })).toBe('hash');
    expect(reviewProblem('withdrawal', 'approve', { payoutTxHash: 'g'.repeat(64) })).toBe('hash');
    expect(reviewProblem('withdrawal', 'approve', { payoutTxHash: `${'a'.repeat(32)}' OR 1=1 --` })).toBe('hash');
    expect(reviewProblem('withdrawal', 'approve', { payoutTxHash: 'a'.repeat(10_000) })).toBe('hash');
    // the platform's sender pays it: no hash is typed, and one typed by hand is still checked
    expect(reviewProblem('withdrawal', 'approve', { paidByPlatform: true })).toBeNull();
    expect(reviewProblem('withdrawal', 'approve', { payoutTxHash: ' ', paidByPlatform: true })).toBeNull();
    expect(reviewProblem('withdrawal', 'approve', { payoutTxHash: 'g'.repeat(64), paidByPlatform: true })).toBe('hash');
  });
  it('a deposit approval needs nothing but the confirmation', () => {
    expect(reviewProblem('deposit', 'approve', {})).toBeNull();
  });
});

describe("the internal note of an identity verification's rejection", () => {
  it('goes with the reason, trimmed; an empty note is no note', async () => {
    const sent: unknown[] = [];
    const m = reviewActionMachine.provide({ actors: { submit: fromPromise(async ({ input }) => (sent.push(input), {})) } });
    for (const note of ['  looks genuine otherwise \n', ' ']) {
      const a = createActor(m, { input: { kind: 'kyc', id: '4' } }).start();
      a.send({ type: 'review.start', decision: 'reject' });
      a.send({ type: 'review.confirm', values: { reason: ' blurred ', note } });
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(sent).toEqual([
      { kind: 'kyc', id: '4', decision: 'reject', reason: 'blurred', note: 'looks genuine otherwise' },
      { kind: 'kyc', id: '4', decision: 'reject', reason: 'blurred' },
    ]);
  });
  it('is sent only for an identity verification, only with a rejection', () => {
    expect(reviewBody({ kind: 'kyc', id: '4', decision: 'reject', reason: 'blurred', note: 'n' })).toEqual({
      reason: 'blurred',
      note: 'n',
    });
    expect(reviewBody({ kind: 'kyc', id: '4', decision: 'reject', reason: 'blurred' })).toEqual({ reason: 'blurred' });
    // deposits and withdrawals take no note (the service would refuse the field: 10030)
    expect(reviewBody({ kind: 'deposit', id: '4', decision: 'reject', reason: 'r', note: 'n' })).toEqual({ reason: 'r' });
    expect(reviewBody({ kind: 'kyc', id: '4', decision: 'approve', note: 'n' })).toEqual({});
  });
});
