import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { reviewActionMachine, type ReviewKind } from '../../../src/machines/platform/reviewAction.ts';
import { Err } from '../../../src/contract/errors.ts';
import { defineModel, type Assertions } from '../paths.ts';

/**
 * The operator's review of one record (reviewAction): generated paths over start / confirm (valid
 * and invalid values) / cancel with the submit actor's result delivered as fixtures, for a deposit
 * and a withdrawal; then the input rules the dialog applies before anything is sent.
 */
const HASH = 'ab'.repeat(32);
const good = { reason: '  Address under review  ', payoutTxHash: ` ${HASH} ` };
const bad = { reason: '   ', payoutTxHash: 'not-a-hash' };
type Snap = {
  context: {
    kind: ReviewKind;
    id: string;
    decision: string | null;
    problem: string | null;
    refusal: { code: number | null } | null;
    result: unknown;
  };
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
    {
      type: 'xstate.error.actor.submit',
      error: { code: Err.STATUS_TRANSITION_DENIED, message: 'This record has already been reviewed' },
    },
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
      expect(x.context.refusal).toEqual({ code: Err.STATUS_TRANSITION_DENIED, message: 'This record has already been reviewed' });
      expect(x.hasTag('dialog')).toBe(false);
    },
  };
  return {
    name: kind,
    machine: reviewActionMachine,
    input: { kind, id: '9' },
    events,
    assertions,
    provide,
    contextKey: (s: { context: { decision: string | null; problem: string | null } }) =>
      `${s.context.decision}/${s.context.problem}`,
    // idle→confirming, confirming→submitting|confirming|idle, submitting→done|failed, failed→confirming|idle
    expected: { states: 5, edges: 8 },
  };
}

export const model = defineModel(spec('deposit'), spec('withdrawal'));
