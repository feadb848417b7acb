import { expect } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { LoginResult } from '../../../src/contract/auth.ts';
import type { RecoveryCodes, TwoFactorSetup } from '../../../src/contract/twoFactor.ts';
import { Err } from '../../../src/contract/errors.ts';
import { problem, refused } from '../../../src/machines/platform/refusal.ts';
import { stepUpMachine } from '../../../src/machines/auth/stepUp.ts';
import { twoFactorEnrolMachine } from '../../../src/machines/auth/twoFactorEnrol.ts';
import { twoFactorLoginMachine, type TwoFactorLoginValues } from '../../../src/machines/auth/twoFactorLogin.ts';
import {
  antiPhishingMachine,
  twoFactorOffMachine,
  type AntiPhishingValues,
  type TwoFactorOffValues,
} from '../../../src/machines/auth/twoFactorSettings.ts';
import { user } from '../fixtures.ts';
import { defineModel, type Assertions, type ModelSpec } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';
import type { AnyStateMachine } from 'xstate';

/**
 * The two-factor flows (docs/security.md, "Two-factor sign-in"): the code step of a sign-in,
 * turning it off and the anti-phishing phrase (the shared submission chart), enrolment, and the
 * step-up prompt, with the service's answers delivered as fixture events.
 */
const session: LoginResult = { token: 'tok', user };
export const codeStep: TwoFactorLoginValues = { challenge: 'ch', code: '123 456' };
export const off: TwoFactorOffValues = { password: 'Secret-123', code: 'ABCD-EFGH-IJKL-MNOP' };
export const phrase: AntiPhishingValues = { phrase: 'Blue Otter 7' };
const setup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/SWX:alice?secret=JBSWY3DPEHPK3PXP',
  qrDataUrl: 'data:image/svg+xml;base64,',
};
const codes = { recoveryCodes: ['AAAA-BBBB-CCCC-DDDD'] };

type EnrolSnap = SnapshotFrom<typeof twoFactorEnrolMachine>;
const enrolAssertions: Assertions<typeof twoFactorEnrolMachine> = {
  idle: (s: EnrolSnap) => {
    expect(s.context.setup).toBeNull();
    expect(s.context.recoveryCodes).toEqual([]);
  },
  starting: (s: EnrolSnap, r) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(r.at(-1)).toBe('setup');
  },
  scanning: (s: EnrolSnap) => {
    // the QR code and the secret are on screen while the first code is awaited
    expect(s.context.setup).toEqual(setup);
    expect(s.context.recoveryCodes).toEqual([]);
  },
  confirming: (s: EnrolSnap, r) => {
    expect(s.hasTag('busy')).toBe(true);
    // only six digits are sent, spaces taken out
    expect(r.at(-1)).toBe('enable:123456');
  },
  showingCodes: (s: EnrolSnap) => {
    expect(s.context.recoveryCodes).toEqual(codes.recoveryCodes);
    expect(s.context.refusal).toBeNull();
  },
  done: (s: EnrolSnap, r) => {
    // the codes are forgotten once seen; the status is asked for again
    expect(s.context.recoveryCodes).toEqual([]);
    expect(r.at(-1)).toBe('finished');
  },
};

const enrolEvents = [
  { type: 'enrol.start' },
  { type: 'enrol.confirm', code: '123 456' },
  { type: 'enrol.confirm', code: '12' },
  { type: 'enrol.cancel' },
  { type: 'enrol.done' },
  { type: 'xstate.done.actor.setup', output: setup },
  { type: 'xstate.error.actor.setup', error: { code: Err.TWO_FACTOR_ALREADY_ON, message: 'on' } },
  { type: 'xstate.done.actor.enable', output: codes },
  { type: 'xstate.error.actor.enable', error: { code: Err.TWO_FACTOR_CODE_WRONG, message: 'wrong' } },
] as const;

const enrol: ModelSpec<typeof twoFactorEnrolMachine> = {
  machine: twoFactorEnrolMachine,
  events: enrolEvents,
  assertions: enrolAssertions,
  provide: (record) =>
    twoFactorEnrolMachine.provide({
      actors: {
        setup: fromPromise<TwoFactorSetup>(() => (record('setup'), new Promise<never>(() => {}))),
        enable: fromPromise<RecoveryCodes, { code: string }>(
          ({ input }) => (record(`enable:${input.code}`), new Promise<never>(() => {})),
        ),
      },
      actions: { finished: () => record('finished') },
    }),
  contextKey: (s) => (s.context.refusal ? 'refused' : ''),
};

type StepSnap = SnapshotFrom<typeof stepUpMachine>;
const stepUpEvents = [
  { type: 'stepUp.ask', message: null },
  { type: 'stepUp.ask', message: 'This code was already used.' },
  { type: 'stepUp.submit', code: '654 321' },
  { type: 'stepUp.submit', code: 'abc' },
  { type: 'stepUp.cancel' },
] as const;
const stepUp: ModelSpec<typeof stepUpMachine> = {
  machine: stepUpMachine,
  events: stepUpEvents,
  assertions: {
    idle: (s: StepSnap, r) => {
      expect(s.hasTag('dialog')).toBe(false);
      // every ask was answered with six digits or cancelled
      const last = r.at(-1);
      if (last !== undefined) expect(['answered:654321', 'cancelled']).toContain(last);
    },
    asking: (s: StepSnap, r) => {
      expect(s.hasTag('dialog')).toBe(true);
      // a code of the wrong shape is never handed to the waiting call
      expect(r).not.toContain('answered:abc');
      if (s.context.refusal) expect(s.context.refusal).toEqual(problem('twoFactor.codeShape'));
    },
  },
  provide: (record) =>
    stepUpMachine.provide({
      actions: { answered: (_, p: { code: string }) => record(`answered:${p.code}`), cancelled: () => record('cancelled') },
    }),
  contextKey: (s) => `${s.context.message ?? ''}|${s.context.refusal ? 'r' : ''}`,
};

export const model = defineModel<AnyStateMachine>(
  submissionCase({
    id: 'twoFactorLogin',
    machine: twoFactorLoginMachine,
    good: codeStep,
    refused: { values: { ...codeStep, code: '12345' }, refusal: problem('twoFactor.codeShape') },
    output: session,
    serviceError: { code: Err.TWO_FACTOR_CODE_USED, message: 'This code was already used' },
  }),
  submissionCase({
    id: 'twoFactorOff',
    machine: twoFactorOffMachine,
    good: off,
    refused: { values: { ...off, password: '' }, refusal: problem('auth.errors.passwordRequired') },
    output: null,
    serviceError: { code: Err.PASSWORD_WRONG, message: 'Wrong password' },
  }),
  submissionCase({
    id: 'antiPhishing',
    machine: antiPhishingMachine,
    good: phrase,
    again: true,
    refused: { values: { phrase: '<b>' }, refusal: refused(Err.ANTI_PHISHING_PHRASE_INVALID, { min: '4', max: '32' }) },
    output: { phrase: 'Blue Otter 7' },
    serviceError: { code: Err.ANTI_PHISHING_PHRASE_INVALID, message: 'bad phrase' },
  }),
  enrol as unknown as ModelSpec<AnyStateMachine>,
  stepUp as unknown as ModelSpec<AnyStateMachine>,
);
