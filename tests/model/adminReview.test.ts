import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { reviewActionMachine, reviewProblem, type ReviewKind } from '../../src/machines/reviewAction.ts';
import { checkModel, type Assertions } from './pathRunner.ts';

/**
 * The operator's review of one record (reviewAction): generated paths over start / confirm (valid
 * and invalid values) / cancel with the submit actor's result delivered as fixtures, for a deposit
 * and a withdrawal; then the input rules the dialog applies before anything is sent.
 */
const HASH = 'ab'.repeat(32);
const good = { reason: '  Address under review  ', payoutTxHash: ` ${HASH} ` };
const bad = { reason: '   ', payoutTxHash: 'not-a-hash' };
type Snap = {
  context: { kind: ReviewKind; id: string; decision: string | null; problem: string | null; refusal: { code: number | null } | null; result: unknown };
  hasTag: (t: string) => boolean;
};

function spec(kind: ReviewKind) {
  const output = { id: '9', status: 'approved' };
  const provide = (record: (w: string) => void) =>
    reviewActionMachine.provide({
      actors: { submit: fromPromise(({ input }) => (record(`submit:${JSON.stringify(input)}`), new Promise<never>(() => {}))) },
      actions: { reviewed: (_, p) => record(`reviewed:${JSON.stringify(p.result)}`) },
    });
  const events = [
    { type: 'review.start', decision: 'approve' },
    { type: 'review.start', decision: 'reject' },
    { type: 'review.confirm', values: good },
    { type: 'review.confirm', values: bad },
    { type: 'review.cancel' },
    { type: 'xstate.done.actor.submit', output },
    { type: 'xstate.error.actor.submit', error: { code: 10044, message: 'This record has already been reviewed' } },
  ];
  const assertions: Assertions<typeof reviewActionMachine> = {
    idle: (s, r) => {
      const x = s as unknown as Snap;
      expect(x.context.decision).toBeNull();
      expect(x.context.problem).toBeNull();
      expect(x.hasTag('dialog')).toBe(false);
      expect(r.some((w) => w.startsWith('reviewed'))).toBe(false);
    },
    confirming: (s, r) => {
      const x = s as unknown as Snap;
      expect(x.hasTag('dialog')).toBe(true);
      expect(x.hasTag('busy')).toBe(false);
      expect(['approve', 'reject']).toContain(x.context.decision);
      expect(x.context.refusal).toBeNull();
      // a problem is only ever shown for a decision that needs input
      if (x.context.problem === 'reason') expect(x.context.decision).toBe('reject');
      if (x.context.problem === 'hash') expect([kind, x.context.decision]).toEqual(['withdrawal', 'approve']);
      expect(r.every((w) => !w.startsWith('reviewed'))).toBe(true);
    },
    submitting: (s, r) => {
      const x = s as unknown as Snap;
      expect(x.hasTag('busy')).toBe(true);
      const sent = JSON.parse(r.at(-1)!.slice('submit:'.length));
      // trimmed values, the record and the decision
      expect(sent).toMatchObject({ kind, id: '9', decision: x.context.decision });
      if (x.context.decision === 'reject') expect(sent.reason).toBe('Address under review');
      if (x.context.decision === 'approve' && kind === 'withdrawal') expect(sent.payoutTxHash).toBe(HASH);
    },
    done: (s, r) => {
      const x = s as unknown as Snap;
      expect(x.context.result).toEqual(output);
      expect(r.at(-1)).toBe(`reviewed:${JSON.stringify(output)}`);
      expect(s.status).toBe('done');
    },
    failed: (s) => {
      const x = s as unknown as Snap;
      expect(x.context.refusal).toEqual({ code: 10044, message: 'This record has already been reviewed' });
      expect(x.hasTag('dialog')).toBe(false);
    },
  };
  return {
    machine: provide(() => {}),
    input: { kind, id: '9' },
    events,
    assertions,
    provide,
    contextKey: (s: { context: { decision: string | null; problem: string | null } }) => `${s.context.decision}/${s.context.problem}`,
  };
}

describe('reviewAction: generated paths', () => {
  for (const kind of ['deposit', 'withdrawal'] as const) {
    it(`${kind}: every transition is covered`, () => {
      const r = checkModel(spec(kind) as never);
      expect(r.states).toBe(5);
      // idle→confirming, confirming→submitting|confirming|idle, submitting→done|failed, failed→confirming|idle
      expect(r.edges).toBe(8);
    });
  }

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
      actors: { submit: fromPromise(async (): Promise<unknown> => Promise.reject(Object.assign(new Error('This record has already been reviewed'), { code: 10044 }))) },
    });
    const a = createActor(m, { input: { kind: 'deposit', id: '3' } }).start();
    a.send({ type: 'review.start', decision: 'approve' });
    a.send({ type: 'review.confirm', values: {} });
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().value).toBe('failed');
    expect(a.getSnapshot().context.refusal).toEqual({ code: 10044, message: 'This record has already been reviewed' });
    a.send({ type: 'review.cancel' });
    expect(a.getSnapshot().value).toBe('idle');
    expect(a.getSnapshot().context.refusal).toBeNull();
  });
});

describe('reviewProblem: the dialog\'s input rules', () => {
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
  });
  it('a deposit approval needs nothing but the confirmation', () => {
    expect(reviewProblem('deposit', 'approve', {})).toBeNull();
  });
});
