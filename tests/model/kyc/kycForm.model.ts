import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import { UPLOAD_MAX_BYTES_DEFAULT } from '../../../src/contract/constants.ts';
import { Err } from '../../../src/contract/errors.ts';
import {
  kycFormMachine,
  stepProblem,
  type KycFormContext,
  type KycFormEvent,
  type KycRequest,
} from '../../../src/machines/kyc/kycForm.ts';
import { defineModel, type Assertions } from '../paths.ts';

/**
 * The identity verification form (src/machines/kyc/kycForm.ts): the steps filled field by field (a
 * passport: front, handheld photo, signature), an under-age birth date, a photo too large to keep,
 * next / back / edit between the steps, the upload with its progress, the service's answer and
 * refusal sent back as the upload actor would. What must hold: a step is left forward only with
 * its values valid, nothing is uploaded unless the whole review is valid, a refused image is
 * never kept, and the refusal, progress and result are those of the upload.
 */
const png = { size: 20_000, type: 'image/png' };
const tooLarge = { size: UPLOAD_MAX_BYTES_DEFAULT + 1, type: 'image/png' };
export const submittedResult = { status: 'pending', submission: { id: '9' } };
export const uploadError = { code: Err.KYC_PENDING, message: 'A verification is already waiting for review' };

/** The requirements of a passport submission, in the form's order; the graph tells states apart by how many lead the way. */
const requirements: Array<(c: KycRequest) => boolean> = [
  (c) => c.values.firstName !== '',
  (c) => c.values.lastName !== '',
  (c) => c.values.birthDate === '1990-12-10',
  (c) => c.values.sex !== '',
  (c) => c.values.country !== '',
  (c) => c.values.address !== '',
  (c) => c.values.phone !== '',
  (c) => c.values.documentType !== '',
  (c) => !!c.images.front,
  (c) => !!c.images.handheld,
  (c) => !!c.images.signature,
];
const filled = (c: KycRequest) => {
  const n = requirements.findIndex((ok) => !ok(c));
  return n === -1 ? requirements.length : n;
};

type Snap = { context: KycFormContext; hasTag: (t: string) => boolean; status: string };
const x = (s: unknown) => s as Snap;
const set = (field: string, value: string): KycFormEvent => ({ type: 'kyc.set', field, value }) as KycFormEvent;

/** In a step: no upload going on or refused, no oversized image kept. */
const resting = (s: unknown) => {
  const c = x(s).context;
  expect(x(s).hasTag('busy')).toBe(false);
  expect(c.refusal).toBeNull();
  expect(c.progress).toBe(0);
  for (const img of Object.values(c.images)) if (img) expect(img.size).toBeLessThanOrEqual(UPLOAD_MAX_BYTES_DEFAULT);
  if (c.problem?.field === 'front' && c.problem.refusal.code === Err.IMAGE_TOO_LARGE)
    expect(c.images.front?.size ?? 0).not.toBe(tooLarge.size);
};
const ORDER = ['personal', 'document', 'photos', 'signature', 'review'];
/**
 * A step is reached forward only through its predecessor's check (`edit` and `back` go only
 * backward): the step shown is at most one past the last step whose check passed.
 */
const reached = (step: string) => (s: unknown, r: string[]) => {
  resting(s);
  const checks = r.filter((w) => w.startsWith('enter:'));
  const last = checks.length ? ORDER.indexOf(checks.at(-1)!.slice('enter:'.length)) : -1;
  expect(ORDER.indexOf(step)).toBeLessThanOrEqual(last + 1);
};

const assertions: Assertions<typeof kycFormMachine> = {
  personal: reached('personal'),
  document: reached('document'),
  photos: reached('photos'),
  signature: reached('signature'),
  review: reached('review'),
  submitting: (s, r) => {
    const c = x(s).context;
    expect(x(s).hasTag('busy')).toBe(true);
    expect(c.progress === 0 || c.progress === 0.5).toBe(true);
    // the upload started with a complete, valid submission
    expect(r.filter((w) => w.startsWith('upload:')).every((w) => w === 'upload:valid')).toBe(true);
    expect(r.some((w) => w === 'upload:valid')).toBe(true);
  },
  failed: (s, r) => {
    const c = x(s).context;
    expect(c.refusal).toEqual(uploadError);
    expect(c.progress).toBe(0);
    expect(x(s).hasTag('busy')).toBe(false);
    expect(r.filter((w) => w.startsWith('upload:')).every((w) => w === 'upload:valid')).toBe(true);
  },
  done: (s, r) => {
    const c = x(s).context;
    expect(c.result).toEqual(submittedResult);
    expect(c.progress).toBe(1);
    expect(x(s).status).toBe('done');
    expect(r.at(-1)).toBe(`submitted:${JSON.stringify(submittedResult)}`);
    expect(r.filter((w) => w.startsWith('submitted:'))).toHaveLength(1);
  },
};

export const model = defineModel({
  machine: kycFormMachine,
  events: [
    set('firstName', 'Ada'),
    set('lastName', 'Lovelace'),
    set('birthDate', '1990-12-10'),
    // under age on any day this test runs
    set('birthDate', `${new Date().getUTCFullYear() - 10}-01-01`),
    set('sex', 'female'),
    set('country', 'GB'),
    set('address', '12 St James Square, London'),
    set('phone', '+44 20 7946 0000'),
    set('documentType', 'passport'),
    { type: 'kyc.image', kind: 'front', image: png },
    { type: 'kyc.image', kind: 'front', image: tooLarge },
    { type: 'kyc.image', kind: 'handheld', image: png },
    { type: 'kyc.image', kind: 'signature', image: png },
    { type: 'kyc.next' },
    { type: 'kyc.back' },
    { type: 'kyc.edit', step: 'personal' },
    { type: 'kyc.edit', step: 'document' },
    { type: 'kyc.edit', step: 'photos' },
    { type: 'kyc.edit', step: 'signature' },
    { type: 'kyc.submit' },
    { type: 'kyc.progress', fraction: 0.5 },
    { type: 'kyc.submitted', result: submittedResult },
    { type: 'kyc.failed', error: uploadError },
  ] as KycFormEvent[],
  assertions,
  provide: (record) =>
    kycFormMachine.provide({
      actors: {
        submit: fromCallback<KycFormEvent, KycRequest>(({ input }) => {
          record(`upload:${stepProblem('review', input) === null ? 'valid' : 'invalid'}`);
        }),
      },
      actions: { submitted: (_, p) => record(`submitted:${JSON.stringify(p.result)}`) },
      guards: {
        // the machine's own rule, recording which step a forward move was checked for
        stepOk: ({ context }, p: { step: string }) => {
          const ok = stepProblem(p.step as never, context) === null;
          if (ok && p.step !== 'review') record(`enter:${p.step}`);
          return ok;
        },
      },
    }),
  contextKey: (s) => String(filled(s.context)),
  simplePaths: false,
  expected: { states: 8 },
});
