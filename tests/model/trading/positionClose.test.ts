import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { Err } from '../../../src/contract/errors.ts';
import { closeRefusal, positionCloseMachine } from '../../../src/machines/trading/positionClose.ts';
import { confirmedSubmissionView } from '../../../src/machines/platform/submission.ts';
import { checkModel } from '../pathRunner.ts';
import { closeDraft, model } from './positionClose.model.ts';

describe('closing a position: generated paths', () => {
  checkModel(model);
});

describe('closing a position asks first', () => {
  it('the Close button opens the dialog with the position; nothing is sent until confirmed; back closes it', () => {
    const a = createActor(positionCloseMachine).start();
    a.send({ type: 'positionClose.submit', values: closeDraft });
    expect(confirmedSubmissionView(a.getSnapshot())).toMatchObject({ busy: false, confirming: closeDraft });
    a.send({ type: 'positionClose.edit' });
    expect(confirmedSubmissionView(a.getSnapshot())).toMatchObject({ confirming: null });
    a.send({ type: 'positionClose.submit', values: closeDraft });
    a.send({ type: 'positionClose.confirm' });
    expect(confirmedSubmissionView(a.getSnapshot())).toMatchObject({ busy: true, confirming: closeDraft });
  });
  it('refuses what the service would: a closed position, a market that does not trade now', () => {
    expect(closeRefusal(closeDraft)).toBeNull();
    expect(closeRefusal({ ...closeDraft, tradable: null })).toBeNull();
    expect(closeRefusal({ ...closeDraft, tradable: false })?.code).toBe(Err.NOT_TRADABLE);
    expect(closeRefusal({ ...closeDraft, position: { ...closeDraft.position, status: 'closed' } })?.code).toBe(
      Err.POSITION_CLOSED,
    );
  });
});
