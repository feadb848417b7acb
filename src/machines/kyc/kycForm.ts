/**
 * The identity verification form as steps (docs/kyc.md): personal data → document → photos →
 * signature → review → submitting (with upload progress) → done, or failed with the refusal and
 * back to review. `kyc.next` moves on only when the step's values pass the shared rules
 * (src/contract/kycRules.ts); otherwise `problem` names what to fix. The submit actor (the
 * multipart upload) is supplied by src/services/kyc/flows.ts and reports its progress.
 */
import { assign, fromCallback, setup } from 'xstate';
import { Err } from '../../contract/errors.ts';
import { UPLOAD_MAX_BYTES_DEFAULT } from '../../contract/constants.ts';
import {
  birthDateProblem,
  isCountryCode,
  KYC_MIN_AGE,
  requiredImages,
  type KycDocumentType,
  type KycImageKind,
  type KycSex,
} from '../../contract/kycRules.ts';
import { problem, refusalOf, refused, type Refusal } from '../platform/refusal.ts';

/** What the form keeps of a picked or drawn image (a File or Blob in the browser). */
export interface KycImage {
  size: number;
  type: string;
}
export interface KycValues {
  firstName: string;
  lastName: string;
  birthDate: string;
  sex: KycSex | '';
  country: string;
  address: string;
  phone: string;
  documentType: KycDocumentType | '';
}
export type KycTextField = keyof KycValues;
export const KYC_STEPS = ['personal', 'document', 'photos', 'signature', 'review'] as const;
export type KycStep = (typeof KYC_STEPS)[number];
export interface KycRequest {
  values: KycValues;
  images: Partial<Record<KycImageKind, KycImage>>;
}

export interface KycFormContext extends KycRequest {
  /** the field a problem is about (focus and aria-invalid), with its text */
  problem: { field: string; refusal: Refusal } | null;
  /** 0..1 while uploading */
  progress: number;
  refusal: Refusal | null;
  result: unknown;
}

export type KycFormEvent =
  | { type: 'kyc.set'; field: KycTextField; value: string }
  | { type: 'kyc.image'; kind: KycImageKind; image: KycImage | null }
  | { type: 'kyc.next' }
  | { type: 'kyc.back' }
  | { type: 'kyc.edit'; step: Exclude<KycStep, 'review'> }
  | { type: 'kyc.submit' }
  | { type: 'kyc.progress'; fraction: number }
  | { type: 'kyc.submitted'; result: unknown }
  | { type: 'kyc.failed'; error: unknown };

export const emptyKycValues = (): KycValues => ({
  firstName: '',
  lastName: '',
  birthDate: '',
  sex: '',
  country: '',
  address: '',
  phone: '',
  documentType: '',
});

/** Only the known text fields of a stored draft, each a string (what storage gives back is not trusted). */
export function keptDraft(draft: unknown): Partial<KycValues> {
  if (!draft || typeof draft !== 'object') return {};
  const empty = emptyKycValues();
  return Object.fromEntries(
    Object.entries(draft).filter(([k, v]) => k in empty && typeof v === 'string' && v.length <= 500),
  ) as Partial<KycValues>;
}

const PHONE = /^\+?[0-9][0-9 ()-]{5,22}$/;

/** The first thing to fix on `step`, or null. `today` is the device's date (the service checks again). */
export function stepProblem(step: KycStep, c: KycRequest, today = new Date()): KycFormContext['problem'] {
  const v = c.values;
  const need = (field: string) => ({ field, refusal: problem(`kyc.required.${field}`) });
  if (step === 'personal' || step === 'review') {
    if (!v.firstName.trim()) return need('firstName');
    if (!v.lastName.trim()) return need('lastName');
    const birth = birthDateProblem(v.birthDate, today);
    if (birth === 'invalid') return { field: 'birthDate', refusal: refused(Err.KYC_BIRTH_DATE_INVALID) };
    if (birth === 'underage') return { field: 'birthDate', refusal: refused(Err.KYC_UNDERAGE, { age: String(KYC_MIN_AGE) }) };
    if (!v.sex) return need('sex');
    if (!isCountryCode(v.country)) return { field: 'country', refusal: refused(Err.KYC_COUNTRY_UNKNOWN) };
    if (v.address.trim().length < 5) return need('address');
    if (!PHONE.test(v.phone.trim())) return { field: 'phone', refusal: refused(Err.PHONE_INVALID) };
  }
  if (step === 'document' || step === 'review') {
    if (!v.documentType) return need('documentType');
  }
  if ((step === 'photos' || step === 'review') && v.documentType) {
    for (const kind of requiredImages(v.documentType))
      if (kind !== 'signature' && !c.images[kind]) return { field: kind, refusal: refused(Err.UPLOAD_REQUIRED) };
  }
  if ((step === 'signature' || step === 'review') && !c.images.signature) return need('signature');
  return null;
}

/** A picked image the service would refuse for its size or type, before it is kept. */
export function imageProblem(img: KycImage): Refusal | null {
  if (img.size > UPLOAD_MAX_BYTES_DEFAULT)
    return refused(Err.IMAGE_TOO_LARGE, { limit: `${UPLOAD_MAX_BYTES_DEFAULT / 1024 / 1024} MB` });
  if (!/^image\/(jpeg|png|jp2|jpx)$/.test(img.type)) return refused(Err.IMAGE_FORMAT_WRONG);
  return null;
}

const order = (s: KycStep) => KYC_STEPS.indexOf(s);

export const kycFormMachine = setup({
  // `draft`: the texts typed before a reload (the view keeps them for the tab; images are not kept)
  types: { context: {} as KycFormContext, events: {} as KycFormEvent, input: {} as { draft?: Partial<KycValues> } | undefined },
  actors: {
    submit: fromCallback<KycFormEvent, KycRequest>(({ sendBack }) => {
      sendBack({ type: 'kyc.failed', error: new Error('submit not provided') });
    }),
  },
  actions: {
    /** the status page and the session's user show the new status (supplied by the view) */
    submitted: (_, _params: { result: unknown }) => {},
  },
  guards: {
    stepOk: ({ context }, params: { step: KycStep }) => stepProblem(params.step, context) === null,
  },
}).createMachine({
  id: 'kycForm',
  context: ({ input }) => ({
    values: { ...emptyKycValues(), ...keptDraft(input?.draft) },
    images: {},
    problem: null,
    progress: 0,
    refusal: null,
    result: null,
  }),
  initial: 'personal',
  on: {
    'kyc.set': {
      actions: assign({
        values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
        problem: ({ context, event }) => (context.problem?.field === event.field ? null : context.problem),
      }),
    },
    'kyc.image': {
      actions: assign(({ context, event }) => {
        const bad = event.image && imageProblem(event.image);
        if (bad) return { problem: { field: event.kind, refusal: bad } };
        return {
          images: { ...context.images, [event.kind]: event.image ?? undefined },
          problem: context.problem?.field === event.kind ? null : context.problem,
        };
      }),
    },
  },
  states: {
    personal: {
      on: {
        'kyc.next': [
          { guard: { type: 'stepOk', params: { step: 'personal' } }, target: 'document', actions: assign({ problem: null }) },
          { actions: assign({ problem: ({ context }) => stepProblem('personal', context) }) },
        ],
      },
    },
    document: {
      on: {
        'kyc.back': 'personal',
        'kyc.next': [
          { guard: { type: 'stepOk', params: { step: 'document' } }, target: 'photos', actions: assign({ problem: null }) },
          { actions: assign({ problem: ({ context }) => stepProblem('document', context) }) },
        ],
      },
    },
    photos: {
      on: {
        'kyc.back': 'document',
        'kyc.next': [
          { guard: { type: 'stepOk', params: { step: 'photos' } }, target: 'signature', actions: assign({ problem: null }) },
          { actions: assign({ problem: ({ context }) => stepProblem('photos', context) }) },
        ],
      },
    },
    signature: {
      on: {
        'kyc.back': 'photos',
        'kyc.next': [
          { guard: { type: 'stepOk', params: { step: 'signature' } }, target: 'review', actions: assign({ problem: null }) },
          { actions: assign({ problem: ({ context }) => stepProblem('signature', context) }) },
        ],
      },
    },
    review: {
      on: {
        'kyc.back': 'signature',
        'kyc.edit': [
          { guard: ({ event }) => event.step === 'personal', target: 'personal' },
          { guard: ({ event }) => event.step === 'document', target: 'document' },
          { guard: ({ event }) => event.step === 'photos', target: 'photos' },
          { target: 'signature' },
        ],
        'kyc.submit': [
          {
            guard: { type: 'stepOk', params: { step: 'review' } },
            target: 'submitting',
            actions: assign({ problem: null, refusal: null, progress: 0 }),
          },
          { actions: assign({ problem: ({ context }) => stepProblem('review', context) }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: { src: 'submit', input: ({ context }) => ({ values: context.values, images: context.images }) },
      on: {
        'kyc.progress': { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(1, event.fraction)) }) },
        'kyc.submitted': {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => event.result, progress: 1 }),
            { type: 'submitted', params: ({ event }) => ({ result: event.result }) },
          ],
        },
        'kyc.failed': { target: 'failed', actions: assign({ refusal: ({ event }) => refusalOf(event.error), progress: 0 }) },
      },
    },
    failed: {
      on: {
        // values can still change while uploading: a retry is checked like the first submit
        'kyc.submit': [
          {
            guard: { type: 'stepOk', params: { step: 'review' } },
            target: 'submitting',
            actions: assign({ refusal: null, progress: 0 }),
          },
          { target: 'review', actions: assign({ refusal: null, problem: ({ context }) => stepProblem('review', context) }) },
        ],
        'kyc.back': { target: 'review', actions: assign({ refusal: null }) },
      },
    },
    done: { type: 'final' },
  },
});

/** The step a snapshot shows (submitting and failed stay on the review). */
export const stepOf = (value: unknown): KycStep | 'done' =>
  value === 'done' ? 'done' : (KYC_STEPS as readonly unknown[]).includes(value) ? (value as KycStep) : 'review';
export const stepIndex = order;
