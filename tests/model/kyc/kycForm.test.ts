import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { UPLOAD_MAX_BYTES_DEFAULT } from '../../../src/contract/constants.ts';
import { Err } from '../../../src/contract/errors.ts';
import { emptyKycValues, imageProblem, stepOf, stepProblem, type KycRequest } from '../../../src/machines/kyc/kycForm.ts';
import { kycFlow } from '../../../src/services/kyc/flows.ts';
import { kycApi } from '../../../src/services/kyc/api.ts';
import { checkModel } from '../pathRunner.ts';
import { model, submittedResult } from './kycForm.model.ts';

describe('identity verification form: generated paths', () => {
  checkModel(model);
});

const today = new Date('2026-11-23T12:00:00Z');
const png = { size: 10, type: 'image/png' };
const complete: KycRequest = {
  values: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    birthDate: '1990-12-10',
    sex: 'female',
    country: 'GB',
    address: '12 St James Square',
    phone: '+44 20 7946 0000',
    documentType: 'passport',
  },
  images: { front: png, handheld: png, signature: png },
};
const without = (over: Partial<KycRequest['values']>, images = complete.images): KycRequest => ({
  values: { ...complete.values, ...over },
  images,
});

describe('each step names the first thing to fix, with the code the service would give', () => {
  it("personal data in the form's order", () => {
    expect(stepProblem('personal', complete, today)).toBeNull();
    expect(stepProblem('personal', { values: emptyKycValues(), images: {} }, today)?.field).toBe('firstName');
    expect(stepProblem('personal', without({ birthDate: '1990-02-30' }), today)?.refusal.code).toBe(Err.KYC_BIRTH_DATE_INVALID);
    // 18 the day after: still under age today
    expect(stepProblem('personal', without({ birthDate: '2008-11-24' }), today)?.refusal).toMatchObject({
      code: Err.KYC_UNDERAGE,
      params: { age: '18' },
    });
    expect(stepProblem('personal', without({ birthDate: '2008-11-23' }), today)).toBeNull();
    expect(stepProblem('personal', without({ country: 'XX' }), today)?.refusal.code).toBe(Err.KYC_COUNTRY_UNKNOWN);
    expect(stepProblem('personal', without({ phone: '12' }), today)?.refusal.code).toBe(Err.PHONE_INVALID);
  });
  it('the photos a document needs (a passport has no back), the signature, all of it again on review', () => {
    expect(stepProblem('photos', without({}, { front: png }), today)).toMatchObject({
      field: 'handheld',
      refusal: { code: Err.UPLOAD_REQUIRED },
    });
    expect(stepProblem('photos', without({ documentType: 'id_card' }), today)).toMatchObject({ field: 'back' });
    expect(stepProblem('signature', without({}, { front: png, handheld: png }), today)?.field).toBe('signature');
    expect(stepProblem('review', without({ lastName: ' ' }), today)?.field).toBe('lastName');
    expect(stepProblem('review', complete, today)).toBeNull();
  });
  it('a picked image too large or of another type is refused before it is kept', () => {
    expect(imageProblem({ size: UPLOAD_MAX_BYTES_DEFAULT, type: 'image/jpeg' })).toBeNull();
    expect(imageProblem({ size: UPLOAD_MAX_BYTES_DEFAULT + 1, type: 'image/jpeg' })?.code).toBe(Err.IMAGE_TOO_LARGE);
    expect(imageProblem({ size: 10, type: 'image/gif' })?.code).toBe(Err.IMAGE_FORMAT_WRONG);
  });
  it('uploading and a refused upload stay on the review step', () => {
    expect(['submitting', 'failed', 'review'].map(stepOf)).toEqual(['review', 'review', 'review']);
    expect(stepOf('done')).toBe('done');
  });
});

describe('through the upload call', () => {
  afterEach(() => vi.restoreAllMocks());
  it('progress is shown, a refusal lets the user retry, the success runs the callback once', async () => {
    let calls = 0;
    vi.spyOn(kycApi, 'submit').mockImplementation(async (req, onProgress) => {
      calls++;
      expect(req.values).toEqual(complete.values);
      onProgress(0.5);
      if (calls === 1) throw Object.assign(new Error('A verification is already waiting for review'), { code: Err.KYC_PENDING });
      return submittedResult as never;
    });
    let done = 0;
    const actor = createActor(
      kycFlow(new QueryClient(), () => done++),
      { input: {} },
    ).start();
    for (const [field, value] of Object.entries(complete.values)) actor.send({ type: 'kyc.set', field: field as never, value });
    for (const [kind, image] of Object.entries(complete.images)) actor.send({ type: 'kyc.image', kind: kind as never, image });
    for (let i = 0; i < 4; i++) actor.send({ type: 'kyc.next' });
    expect(actor.getSnapshot().value).toBe('review');
    actor.send({ type: 'kyc.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.refusal?.code).toBe(Err.KYC_PENDING);
    expect(actor.getSnapshot().context.progress).toBe(0);
    actor.send({ type: 'kyc.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.progress).toBe(1);
    expect(done).toBe(1);
    expect(calls).toBe(2);
  });
});

describe('an update of verified data', () => {
  afterEach(() => vi.restoreAllMocks());
  it('the update form sends the flag, the first form does not', async () => {
    const flags: unknown[] = [];
    vi.spyOn(kycApi, 'submit').mockImplementation(
      async (_req, _progress, _signal, update) => (flags.push(update), submittedResult as never),
    );
    for (const update of [true, false]) {
      const actor = createActor(
        kycFlow(new QueryClient(), () => {}, update),
        { input: {} },
      ).start();
      for (const [field, value] of Object.entries(complete.values)) actor.send({ type: 'kyc.set', field: field as never, value });
      for (const [kind, image] of Object.entries(complete.images)) actor.send({ type: 'kyc.image', kind: kind as never, image });
      for (let i = 0; i < 4; i++) actor.send({ type: 'kyc.next' });
      actor.send({ type: 'kyc.submit' });
      await waitFor(actor, (s) => s.status === 'done');
    }
    expect(flags).toEqual([true, false]);
  });
});
