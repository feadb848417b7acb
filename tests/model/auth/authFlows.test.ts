import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { Err } from '../../../src/contract/errors.ts';
import { googleBody, googleCallbackRefusal } from '../../../src/machines/auth/googleCallback.ts';
import { resetBody, resetRefusal } from '../../../src/machines/auth/passwordReset.ts';
import { problem } from '../../../src/machines/platform/refusal.ts';
import { registerBody, registerRefusal } from '../../../src/machines/auth/register.ts';
import { loginBody, signInMachine, signInRefusal } from '../../../src/machines/auth/signIn.ts';
import { submissionView } from '../../../src/machines/platform/submission.ts';
import { checkModel } from '../pathRunner.ts';
import { credentials, googleReturn, model, registration, reset, signIn } from './authFlows.model.ts';

describe('sign-in flows: generated paths', () => {
  checkModel(model);
});

describe("the sign-in flows' guards: the contract's rules, in the order the form reads", () => {
  it('sign-in asks for the account and the password; the body has the account trimmed', () => {
    expect(signInRefusal(signIn)).toBeNull();
    expect(signInRefusal({ ...signIn, account: '  ' })).toEqual(problem('auth.errors.usernameRequired'));
    expect(signInRefusal({ ...signIn, password: '' })).toEqual(problem('auth.errors.passwordRequired'));
    // longer than the contract's LoginBody allows
    expect(signInRefusal({ ...signIn, password: 'x'.repeat(129) })).toEqual({
      code: Err.MALFORMED_REQUEST,
      key: 'app:newuser.fix.password',
    });
    expect(loginBody(signIn)).toEqual({ account: 'alice', password: 'Secret-123' });
  });
  it('register: username, target, code, password strength, the repeat, then the body schema', () => {
    expect(registerRefusal(registration)).toBeNull();
    expect(registerRefusal({ ...registration, username: 'al' })).toEqual(problem('auth.errors.usernameInvalid'));
    // no account without the terms and the privacy policy accepted
    expect(registerRefusal({ ...registration, acceptedTerms: false })).toEqual(problem('newuser.consentRequired'));
    expect(registerRefusal({ ...registration, email: 'alice@' })).toEqual(problem('auth.errors.emailInvalid'));
    expect(registerRefusal({ ...registration, channel: 'phone', phone: ' ' })).toEqual(problem('auth.errors.phoneRequired'));
    expect(registerRefusal({ ...registration, code: '' })).toEqual(problem('auth.errors.codeRequired'));
    expect(registerRefusal({ ...registration, password: 'lettersonly', confirmPassword: 'lettersonly' })).toEqual(
      problem('auth.errors.passwordWeak'),
    );
    expect(registerRefusal({ ...registration, confirmPassword: 'Secret-124' })).toEqual(problem('auth.errors.passwordsDiffer'));
    expect(registerRefusal({ ...registration, inviteCode: 'X'.repeat(33) })).toEqual({
      code: Err.MALFORMED_REQUEST,
      key: 'app:newuser.fix.inviteCode',
    });
  });
  it('register sends the target of the chosen channel and the invite code only when there is one', () => {
    expect(registerBody(registration)).toEqual({
      username: 'alice',
      email: 'alice@example.test',
      code: '123456',
      password: 'Secret-123',
      confirmPassword: 'Secret-123',
      inviteCode: 'ABCD1234',
    });
    expect(registerBody({ ...registration, channel: 'phone', phone: ' 7700 900123 ', inviteCode: ' ' })).toEqual({
      username: 'alice',
      phone: '7700 900123',
      areaCode: '+44',
      code: '123456',
      password: 'Secret-123',
      confirmPassword: 'Secret-123',
    });
  });
  it('password reset: target, code, password strength and repeat', () => {
    expect(resetRefusal(reset)).toBeNull();
    expect(resetRefusal({ ...reset, code: ' ' })).toEqual(problem('auth.errors.codeRequired'));
    expect(resetRefusal({ ...reset, password: '12345678', confirmPassword: '12345678' })).toEqual(
      problem('auth.errors.passwordWeak'),
    );
    expect(resetBody({ ...credentials, code: ' 123456 ' })).toEqual({
      email: 'alice@example.test',
      code: '123456',
      password: 'Secret-123',
      confirmPassword: 'Secret-123',
    });
  });
  it("the Google return needs both code and state, cut to the contract's limits", () => {
    expect(googleCallbackRefusal(googleReturn)).toBeNull();
    expect(googleCallbackRefusal({ ...googleReturn, code: '' })).toEqual(problem('auth.googleFailed'));
    expect(googleBody({ code: 'c'.repeat(3000), state: 's'.repeat(300) })).toEqual({
      code: 'c'.repeat(2048),
      state: 's'.repeat(256),
    });
  });
});

describe('what a form screen reads of a flow', () => {
  it('busy while sending, the refusal while failed, the answer once submitted', () => {
    const a = createActor(signInMachine).start();
    expect(submissionView(a.getSnapshot())).toEqual({ busy: false, refusal: null, result: null });
    a.send({ type: 'signIn.submit', values: { ...signIn, account: '' } });
    expect(submissionView(a.getSnapshot())).toEqual({
      busy: false,
      refusal: problem('auth.errors.usernameRequired'),
      result: null,
    });
    a.send({ type: 'signIn.submit', values: signIn });
    expect(submissionView(a.getSnapshot()).busy).toBe(true);
    // the refusal of the earlier values is not shown while the new ones are being sent
    expect(submissionView(a.getSnapshot()).refusal).toBeNull();
  });
});
