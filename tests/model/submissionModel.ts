import { expect } from 'vitest';
import { fromPromise, type AnyStateMachine } from 'xstate';
import type { Refusal } from '../../src/machines/platform/refusal.ts';
import type { KeptKey } from '../../src/machines/platform/clientKey.ts';
import { expectKeyRule, type KeyEntry } from './clientKeyRule.ts';
import type { Assertions, ModelSpec } from './paths.ts';

/**
 * One model case for a flow built with submissionMachine (src/machines/platform/submission.ts): the
 * generated paths submit values the flow's guard accepts and values it refuses, edit, reset
 * (flows the user may repeat), and get the submit actor's success or refusal delivered as
 * fixture events. What must hold:
 * - nothing is sent unless the guard accepted the values, and then exactly those values;
 * - `failed` shows the guard's refusal for the refused values, the service's for the others;
 * - what `can` says of submitting (what a screen asks to enable its button) follows the guard: the
 *   good values where the form is open, the refused ones never in a flow that takes valid values only;
 * - `submitted` holds the service's answer, and the flow's `submitted` action ran with it once
 *   per success; a flow the user does not repeat ends there;
 * - a money flow (`keyed`) sends a client key with the values, by the rule of clientKeyRule.ts.
 */
export interface SubmissionFixtures<Values, Output> {
  /** the flow's id, also its events' namespace */
  id: string;
  machine: AnyStateMachine;
  /** values the guard accepts */
  good: Values;
  /** values the guard refuses, with the refusal it gives (absent for a flow without a guard) */
  refused?: { values: Values; refusal: Refusal };
  /** what the service answers on success, and the error it throws on a refusal */
  output: Output;
  serviceError: { code: number | null; message: string };
  /** the user may submit again after a success (deposit, withdrawal) */
  again?: boolean;
  /** the flow moves or locks money: accepted values wait for confirmation (src/machines/platform/submission.ts) */
  confirm?: boolean;
  /** a money call: the submit actor gets the values with a `clientKey` */
  keyed?: boolean;
  /** refused values are not taken at all (src/machines/platform/submission.ts): `can` is false for them */
  takesValidOnly?: boolean;
  name?: string;
}

type Snap<Values, Output> = {
  context: { values: Values | null; refusal: Refusal | null; result: Output | null; clientKey: KeptKey | null };
  hasTag: (tag: string) => boolean;
  can: (event: { type: string; values?: Values }) => boolean;
  status: string;
};

export function submissionCase<Values, Output>(f: SubmissionFixtures<Values, Output>): ModelSpec<AnyStateMachine> {
  const sent = (values: Values) => `submit:${JSON.stringify(values)}`;
  const neverSent = (r: string[]) => {
    if (f.refused) expect(r).not.toContain(sent(f.refused.values));
  };
  // a keyed flow's key is recorded apart, just before its send, so `sent` compares the values alone
  const provide = (record: (what: string) => void) =>
    f.machine.provide({
      actors: {
        submit: fromPromise(({ input }: { input: Values & { clientKey?: string } }) => {
          if (f.keyed) {
            const { clientKey, ...values } = input;
            record(`key:${clientKey}`);
            record(sent(values as Values));
          } else record(sent(input));
          return new Promise<never>(() => {});
        }),
      },
      actions: { submitted: (_: unknown, p: { output: Output }) => record(`submitted:${JSON.stringify(p.output)}`) },
    } as never) as AnyStateMachine;
  const events = [
    { type: `${f.id}.submit`, values: f.good },
    ...(f.refused ? [{ type: `${f.id}.submit`, values: f.refused.values }] : []),
    { type: `${f.id}.edit` },
    ...(f.again ? [{ type: `${f.id}.reset` }] : []),
    ...(f.confirm ? [{ type: `${f.id}.confirm` }] : []),
    { type: 'xstate.done.actor.submit', output: f.output },
    { type: 'xstate.error.actor.submit', error: f.serviceError },
  ];
  const snap = (s: unknown) => s as Snap<Values, Output>;
  /**
   * What a screen that asks the machine (`can`) would offer: submitting the good and the refused
   * values. Where the form is open (editing, failed) the good ones go; the refused ones only in a
   * flow that keeps them as its failure; elsewhere neither.
   */
  const offers = (s: unknown, open: boolean) => {
    const x = snap(s);
    expect(x.can({ type: `${f.id}.submit`, values: f.good }), 'submitting good values').toBe(open);
    if (f.refused)
      expect(x.can({ type: `${f.id}.submit`, values: f.refused.values }), 'submitting refused values').toBe(
        open && !f.takesValidOnly,
      );
  };
  const successes = (r: string[]) => r.filter((w) => w.startsWith('submitted:')).length;
  /** the sends with their keys, and the successes, in order */
  const keyEntries = (r: string[]): KeyEntry[] =>
    r.flatMap((w, i): KeyEntry[] =>
      w.startsWith('key:') ? [{ key: w.slice(4), values: r[i + 1] }] : w.startsWith('submitted:') ? ['success'] : [],
    );
  const keysHold = (r: string[], x: Snap<Values, Output>) => {
    if (!f.keyed) {
      expect(r.some((w) => w.startsWith('key:'))).toBe(false);
      return;
    }
    expectKeyRule(keyEntries(r));
    // every send carried a key; the machine forgets it after a success
    expect(keyEntries(r).filter((e) => e !== 'success')).toHaveLength(r.filter((w) => w.startsWith('submit:')).length);
    if (
      r
        .filter((w) => w.startsWith('submitted:') || w.startsWith('submit:'))
        .at(-1)
        ?.startsWith('submitted:')
    )
      expect(x.context.clientKey).toBeNull();
  };
  const assertions: Assertions<AnyStateMachine> = {
    editing: (s, r) => {
      const x = snap(s);
      expect(x.context.refusal).toBeNull();
      expect(x.context.result).toBeNull();
      expect(x.hasTag('busy')).toBe(false);
      // back in editing after a success only through reset, which empties the form
      if (successes(r) > 0) expect(x.context.values).toBeNull();
      offers(s, true);
      keysHold(r, x);
    },
    ...(f.confirm
      ? {
          confirming: (s: unknown, r: string[]) => {
            const x = snap(s);
            // the dialog shows exactly the accepted values; nothing is in flight and nothing refused shows
            expect(x.hasTag('dialog')).toBe(true);
            expect(x.hasTag('busy')).toBe(false);
            expect(x.context.values).toEqual(f.good);
            expect(x.context.refusal).toBeNull();
            offers(s, false);
            neverSent(r);
          },
        }
      : {}),
    submitting: (s, r) => {
      const x = snap(s);
      expect(x.hasTag('busy')).toBe(true);
      // a flow that confirms sends only from its dialog
      if (f.confirm) expect(x.hasTag('dialog')).toBe(true);
      expect(x.context.values).toEqual(f.good);
      // the accepted values were sent, and refused values never were
      expect(r.at(-1)).toBe(sent(f.good));
      neverSent(r);
      // with the key the machine keeps for them
      if (f.keyed) expect(r.at(-2)).toBe(`key:${x.context.clientKey?.key}`);
      offers(s, false);
      keysHold(r, x);
    },
    failed: (s, r) => {
      const x = snap(s);
      expect(x.hasTag('busy')).toBe(false);
      // the refusal belongs to the values last submitted: the guard's, or the service's after sending
      // (a flow that takes valid values only fails with the service's refusals alone)
      if (f.refused && JSON.stringify(x.context.values) === JSON.stringify(f.refused.values))
        expect(x.context.refusal).toEqual(f.refused.refusal);
      else expect(x.context.refusal).toEqual(f.serviceError);
      if (f.takesValidOnly) expect(x.context.values).toEqual(f.good);
      offers(s, true);
      neverSent(r);
      keysHold(r, x);
    },
    submitted: (s, r) => {
      const x = snap(s);
      expect(x.context.result).toEqual(f.output);
      expect(r.at(-1)).toBe(`submitted:${JSON.stringify(f.output)}`);
      // one success action per success: every success went through a send of the accepted values
      expect(successes(r)).toBeLessThanOrEqual(r.filter((w) => w === sent(f.good)).length);
      expect(x.status).toBe(f.again ? 'active' : 'done');
      offers(s, false);
      keysHold(r, x);
    },
  };
  // editing→submitting, submitting→submitted|failed, failed→submitting|editing, (submitted→editing),
  // and with a guard editing→failed and failed→failed (not in a flow that takes valid values only);
  // a flow that confirms goes editing→confirming and failed→confirming instead, and adds
  // confirming→submitting|editing
  const edges = 5 + (f.again ? 1 : 0) + (f.refused && !f.takesValidOnly ? 2 : 0) + (f.confirm ? 2 : 0);
  return { name: f.name, machine: f.machine, events, assertions, provide, expected: { states: f.confirm ? 5 : 4, edges } };
}
