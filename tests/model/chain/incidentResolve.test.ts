import { describe, expect, it } from 'vitest';
import { chainDepositView } from '../../../src/machines/chain/chainDeposit.ts';
import { incidentNoteRefusal, resolveBody } from '../../../src/machines/chain/incidentResolve.ts';
import { checkModel } from '../pathRunner.ts';
import { model, values } from './incidentResolve.model.ts';

describe('resolving a chain incident: generated paths', () => {
  checkModel(model);
});

describe('resolving a chain incident: the note', () => {
  it('is sent trimmed; blank or longer than the contract allows is refused before sending', () => {
    expect(resolveBody({ ...values, note: '  done \n' })).toEqual({ note: 'done' });
    expect(incidentNoteRefusal(values)).toBeNull();
    expect(incidentNoteRefusal({ ...values, note: ' \t ' })?.key).toBe('app:chain.console.noteRequired');
    expect(incidentNoteRefusal({ ...values, note: 'x'.repeat(1001) })?.key).toBe('app:chain.console.noteRequired');
  });
});

describe("a chain deposit's status on screen, asked of its chart", () => {
  it('confirming shows its count; credited is final; dropped and below the minimum carry a notice', () => {
    expect(chainDepositView('confirming')).toMatchObject({ confirming: true, final: false, notice: false });
    expect(chainDepositView('credited')).toMatchObject({ confirming: false, final: true, notice: false });
    expect(chainDepositView('dropped')).toMatchObject({ notice: true, mayReturn: true, final: false });
    expect(chainDepositView('belowMinimum')).toMatchObject({ notice: true, mayReturn: false });
    expect(chainDepositView('invented')).toMatchObject({ key: 'chain.status.unknown', confirming: false });
  });
});
