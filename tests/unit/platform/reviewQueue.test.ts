/**
 * The review queue's machine (src/machines/platform/reviewQueue.ts): the current row moves with
 * next/previous, the next waiting row becomes current after a decision, the keys are refused while a
 * dialog is open, a selection keeps only waiting rows, a bulk rejection sends the selection with one
 * reason and keeps what the service refused; a queue without a bulk route (KYC, loans) selects
 * nothing; the item shown beside its row (proof, documents) switches to another row's when asked.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bulkOutcome, nextCurrent, reviewQueueMachine, type QueueRow } from '../../../src/machines/platform/reviewQueue.ts';

const rows = (...ids: string[]): QueueRow[] => ids.map((id) => ({ id, pending: true }));
const decided = (list: QueueRow[], id: string): QueueRow[] => list.map((r) => (r.id === id ? { ...r, pending: false } : r));

function start(hasProof = true, bulk = async (_: { ids: string[]; reason: string }) => bulkOutcome([]), bulkable = true) {
  const sent: { ids: string[]; reason: string }[] = [];
  const actor = createActor(
    reviewQueueMachine.provide({
      actors: {
        bulkReject: fromPromise(async ({ input }) => {
          sent.push(input);
          return bulk(input);
        }),
      },
    }),
    { input: { hasProof, bulkable } },
  ).start();
  return { actor, sent, ctx: () => actor.getSnapshot().context };
}

describe('reviewQueue machine', () => {
  it('the first waiting row is current when rows come; next and previous stop at the ends', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'queue.rows', rows: [{ id: '1', pending: false }, ...rows('2', '3')] });
    expect(ctx().current).toBe('2');
    actor.send({ type: 'queue.next' });
    actor.send({ type: 'queue.next' });
    expect(ctx().current).toBe('3');
    actor.send({ type: 'queue.prev' });
    actor.send({ type: 'queue.prev' });
    actor.send({ type: 'queue.prev' });
    expect(ctx().current).toBe('1');
    // a decided row may be looked at, not decided again
    expect(actor.getSnapshot().can({ type: 'queue.approve' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'queue.proof' })).toBe(true);
  });

  it('approve asks the current row for its dialog; no key acts meanwhile; after the decision the next row is current', () => {
    const { actor, ctx } = start();
    let list = rows('10', '11', '12');
    actor.send({ type: 'queue.rows', rows: list });
    actor.send({ type: 'queue.next' });
    actor.send({ type: 'queue.approve' });
    expect(actor.getSnapshot().value).toBe('deciding');
    expect(ctx().request).toEqual({ id: '11', decision: 'approve', n: 1 });
    for (const type of ['queue.next', 'queue.prev', 'queue.approve', 'queue.reject', 'queue.toggle', 'queue.proof'] as const)
      expect(actor.getSnapshot().can({ type })).toBe(false);
    // the review flow puts the decided record into the page, then its dialog goes
    list = decided(list, '11');
    actor.send({ type: 'queue.rows', rows: list });
    actor.send({ type: 'queue.dialogClosed' });
    expect(ctx().current).toBe('12');
    expect(ctx().request).toBeNull();
    actor.send({ type: 'queue.reject' });
    expect(ctx().request).toEqual({ id: '12', decision: 'reject', n: 2 });
    // the last one decided: the one before it that still waits
    actor.send({ type: 'queue.rows', rows: decided(list, '12') });
    actor.send({ type: 'queue.dialogClosed' });
    expect(ctx().current).toBe('10');
  });

  it('a row that leaves the page (asked for again) hands the current place to the next that waits', () => {
    expect(nextCurrent(rows('1', '2', '3'), rows('1', '3'), '2')).toBe('3');
    expect(nextCurrent(rows('1', '2', '3'), rows('1', '2'), '3')).toBe('2');
    expect(nextCurrent(rows('1', '2'), [], '2')).toBeNull();
    // a row already decided stays current while it is shown: the operator went there on purpose
    const shown = [{ id: '1', pending: false }, ...rows('2')];
    expect(nextCurrent(shown, shown, '1')).toBe('1');
  });

  it('a button opening a row dialog makes that row current and closes the keys too', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'queue.rows', rows: rows('1', '2') });
    actor.send({ type: 'queue.dialogOpened', id: '2' });
    expect(ctx().current).toBe('2');
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'queue.next' })).toBe(false);
    // a row not shown opens nothing here
    actor.send({ type: 'queue.dialogClosed' });
    actor.send({ type: 'queue.dialogOpened', id: '9' });
    expect(actor.getSnapshot().value).toBe('browsing');
  });

  it('the proof opens for the current row only where rows have one, and Escape closes it', () => {
    const withProof = start(true);
    withProof.actor.send({ type: 'queue.rows', rows: rows('5') });
    withProof.actor.send({ type: 'queue.proof' });
    expect(withProof.ctx().proof).toBe('5');
    expect(withProof.actor.getSnapshot().can({ type: 'queue.next' })).toBe(false);
    withProof.actor.send({ type: 'queue.close' });
    expect(withProof.ctx().proof).toBeNull();
    expect(withProof.actor.getSnapshot().value).toBe('browsing');
    const without = start(false);
    without.actor.send({ type: 'queue.rows', rows: rows('5') });
    expect(without.actor.getSnapshot().can({ type: 'queue.proof' })).toBe(false);
  });

  it("another row's item asked for while one shows takes its place (and that row is current); Escape closes it", () => {
    const { actor, ctx } = start();
    actor.send({ type: 'queue.rows', rows: rows('5', '6', '7') });
    actor.send({ type: 'queue.proof', id: '6' });
    expect(ctx()).toMatchObject({ proof: '6', current: '6' });
    actor.send({ type: 'queue.proof', id: '7' });
    expect(ctx()).toMatchObject({ proof: '7', current: '7' });
    expect(actor.getSnapshot().value).toBe('proof');
    // a row no longer shown is not asked for
    actor.send({ type: 'queue.proof', id: '99' });
    expect(ctx().proof).toBe('7');
    actor.send({ type: 'queue.close' });
    expect(ctx().proof).toBeNull();
    expect(actor.getSnapshot().value).toBe('browsing');
  });

  it('a queue without a bulk route (KYC, loans) selects nothing; its keys still move, approve and reject', () => {
    const { actor, ctx } = start(true, undefined, false);
    actor.send({ type: 'queue.rows', rows: rows('1', '2') });
    expect(actor.getSnapshot().can({ type: 'queue.toggle' })).toBe(false);
    actor.send({ type: 'queue.toggle' });
    actor.send({ type: 'queue.toggle', id: '2' });
    expect(ctx().selected).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'queue.bulkStart' })).toBe(false);
    actor.send({ type: 'queue.next' });
    expect(ctx().current).toBe('2');
    actor.send({ type: 'queue.reject' });
    expect(ctx().request).toMatchObject({ id: '2', decision: 'reject' });
    actor.send({ type: 'queue.dialogClosed' });
    // decided here (a loan's first approval keeps it under review): it no longer waits, the first row is current
    actor.send({ type: 'queue.rows', rows: decided(rows('1', '2'), '2') });
    expect(ctx().current).toBe('1');
  });

  it('x toggles the current row; only waiting rows can be selected; a decided row leaves the selection', () => {
    const { actor, ctx } = start();
    const list = [...rows('1', '2'), { id: '3', pending: false }];
    actor.send({ type: 'queue.rows', rows: list });
    actor.send({ type: 'queue.toggle' });
    actor.send({ type: 'queue.toggle', id: '2' });
    actor.send({ type: 'queue.toggle', id: '3' });
    expect(ctx().selected).toEqual(['1', '2']);
    actor.send({ type: 'queue.toggle' });
    expect(ctx().selected).toEqual(['2']);
    actor.send({ type: 'queue.toggle', id: '1' });
    actor.send({ type: 'queue.rows', rows: decided(list, '1') });
    expect(ctx().selected).toEqual(['2']);
  });

  it('a bulk rejection needs a selection and a reason, sends both once, and keeps the refused ones selected', async () => {
    const { actor, ctx, sent } = start(true, async () =>
      bulkOutcome([
        { id: '1', code: 200 },
        { id: '2', code: 10044 },
      ]),
    );
    actor.send({ type: 'queue.rows', rows: rows('1', '2', '3') });
    expect(actor.getSnapshot().can({ type: 'queue.bulkStart' })).toBe(false);
    actor.send({ type: 'queue.toggle', id: '1' });
    actor.send({ type: 'queue.toggle', id: '2' });
    actor.send({ type: 'queue.bulkStart' });
    expect(actor.getSnapshot().value).toBe('bulkPicking');
    actor.send({ type: 'queue.bulkConfirm', reason: '   ' });
    expect(ctx().problem).toBe('reason');
    expect(sent).toEqual([]);
    actor.send({ type: 'queue.bulkConfirm', reason: ' Transfer not found ' });
    await expect.poll(() => actor.getSnapshot().value).toBe('browsing');
    expect(sent).toEqual([{ ids: ['1', '2'], reason: 'Transfer not found' }]);
    expect(ctx().bulk).toEqual({ rejected: ['1'], refused: [{ id: '2', code: 10044 }] });
    expect(ctx().selected).toEqual(['2']);
  });

  it('a refused bulk call (the window closed and no code given) stays in the picker with the refusal', async () => {
    const { actor, ctx } = start(true, async () => {
      throw Object.assign(new Error('Review window closed'), { code: 10219 });
    });
    actor.send({ type: 'queue.rows', rows: rows('1') });
    actor.send({ type: 'queue.toggle' });
    actor.send({ type: 'queue.bulkStart' });
    actor.send({ type: 'queue.bulkConfirm', reason: 'Duplicate' });
    await expect.poll(() => ctx().refusal).not.toBeNull();
    expect(actor.getSnapshot().value).toBe('bulkPicking');
    expect(ctx().selected).toEqual(['1']);
  });
});
