import { describe, expect, it } from 'vitest';
import { problem } from '../../../src/machines/platform/refusal.ts';
import { loginCode, twoFactorLoginRefusal } from '../../../src/machines/auth/twoFactorLogin.ts';
import { antiPhishingRefusal, twoFactorOffRefusal } from '../../../src/machines/auth/twoFactorSettings.ts';
import { phraseAllowed } from '../../../src/contract/twoFactorRules.ts';
import { checkModel } from '../pathRunner.ts';
import { codeStep, model, off } from './twoFactor.model.ts';

describe('two-factor flows: generated paths', () => {
  checkModel(model);
});

describe("the two-factor guards: the contract's rules", () => {
  it('a code is six digits (spaces between groups tolerated) or a recovery code', () => {
    expect(twoFactorLoginRefusal(codeStep)).toBeNull();
    expect(loginCode(' 123 456 ')).toBe('123456');
    expect(twoFactorLoginRefusal({ ...codeStep, code: 'abcd-efgh-ijkl-mnop' })).toBeNull();
    expect(twoFactorLoginRefusal({ ...codeStep, code: '' })).toEqual(problem('twoFactor.codeRequired'));
    expect(twoFactorLoginRefusal({ ...codeStep, code: '1234567' })).toEqual(problem('twoFactor.codeShape'));
    expect(twoFactorOffRefusal({ ...off, code: '' })).toEqual(problem('twoFactor.codeRequired'));
  });
  it('the anti-phishing phrase: 4 to 32 letters, digits, spaces or - _ .; empty removes it', () => {
    expect(phraseAllowed('  Blue   Otter 7 ')).toBe('Blue Otter 7');
    expect(phraseAllowed('猫と月')).toBeNull();
    expect(phraseAllowed('猫と月が好き')).toBe('猫と月が好き');
    expect(phraseAllowed('<script>')).toBeNull();
    expect(phraseAllowed('x'.repeat(33))).toBeNull();
    expect(antiPhishingRefusal({ phrase: '' })).toBeNull();
  });
});
