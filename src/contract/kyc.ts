/**
 * Identity verification (KYC) on the wire (docs/kyc.md):
 *   POST /swx/customer/user/identification        multipart: KycFields + images front, back (not for a passport), handheld, signature
 *   GET  /swx/customer/user/identification        MyKyc: the status, the reason and the latest submission
 *   GET  /swx/customer/user/identification/:id/:kind   one image, decrypted, to its owner or an operator
 *   GET  /admin-api/kyc?status=pending, GET /admin-api/kyc/:id, POST /admin-api/kyc/:id/approve, POST /admin-api/kyc/:id/reject
 */
import { Type, type Static } from 'typebox';
import { KYC_STATUSES } from '../machines/kyc/kyc.ts';
import { IdString, IsoTime, LiteralUnion, PageQuery } from './envelope.ts';
import { KYC_DOCUMENT_TYPES, KYC_IMAGE_KINDS, KYC_SEXES } from './kycRules.ts';
import { KeysetPage, QueueFilterFields } from './reviewQueues.ts';

export const KycStatusSchema = LiteralUnion(KYC_STATUSES);
/** A submission's status: what the user's status became with it (never 'none'). */
export const KYC_SUBMISSION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type KycSubmissionStatus = (typeof KYC_SUBMISSION_STATUSES)[number];
export const KycSubmissionStatusSchema = LiteralUnion(KYC_SUBMISSION_STATUSES);
export const KycImageKindSchema = LiteralUnion(KYC_IMAGE_KINDS);

/** Text with at least one visible character (names, address). */
const Text = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max, pattern: '\\S' });

/** The multipart form's text fields; the service checks the birth date and the country further. */
export const KycFields = Type.Object(
  {
    firstName: Text(60),
    lastName: Text(60),
    /** ISO date; the person is at least 18 on the day of submission (10111) */
    birthDate: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', maxLength: 10 }),
    sex: LiteralUnion(KYC_SEXES),
    /** ISO 3166-1 alpha-2 (10113 when not assigned) */
    country: Type.String({ pattern: '^[A-Z]{2}$', maxLength: 2 }),
    address: Text(200, 5),
    phone: Type.String({ pattern: '^\\+?[0-9][0-9 ()-]{5,22}$', maxLength: 24 }),
    documentType: LiteralUnion(KYC_DOCUMENT_TYPES),
  },
  { additionalProperties: false },
);
export type KycFields = Static<typeof KycFields>;
/**
 * The multipart text fields of POST /swx/customer/user/identification: the data, and `update`
 * ('true') when a verified person sends new data back to review (refused otherwise: 10114 for a
 * verified person without it, 10044 with it for anyone not verified).
 */
export const KycSubmitFields = Type.Object(
  {
    ...KycFields.properties,
    update: Type.Optional(Type.Literal('true')),
  },
  { additionalProperties: false },
);
export type KycSubmitFields = Static<typeof KycSubmitFields>;

export const KycImageLink = Type.Object({
  kind: KycImageKindSchema,
  /** GET with the Authorization header: the image as a download */
  url: Type.String(),
});

export const KycSubmission = Type.Object({
  id: IdString,
  status: KycSubmissionStatusSchema,
  ...KycFields.properties,
  images: Type.Array(KycImageLink),
  /** the reason shown to the user when rejected */
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoTime,
  reviewedAt: Type.Union([IsoTime, Type.Null()]),
});
export type KycSubmission = Static<typeof KycSubmission>;

/** GET /swx/customer/user/identification */
export const MyKyc = Type.Object({
  status: KycStatusSchema,
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  /** submissions still possible after a rejection (0: support decides) */
  resubmissionsLeft: Type.Integer(),
  /** the promise while pending: decided within this many hours of `submission.createdAt` */
  reviewHours: Type.Integer(),
  submission: Type.Union([KycSubmission, Type.Null()]),
  /** pending is an update of data verified before (running loans go on, new loans wait) */
  updating: Type.Boolean(),
});
export type MyKyc = Static<typeof MyKyc>;

export const KycImageParams = Type.Object({ id: IdString, kind: KycImageKindSchema }, { additionalProperties: false });

// ---------------------------------------------------------------- operators
/** The verification queue's filters: status, customer and age; sorted by age (reviewQueues.ts). */
export const AdminKycQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(KycSubmissionStatusSchema),
    userId: Type.Optional(IdString),
    olderThanMinutes: QueueFilterFields.olderThanMinutes,
    newerThanMinutes: QueueFilterFields.newerThanMinutes,
    sort: Type.Optional(Type.Literal('age')),
    after: QueueFilterFields.after,
  },
  { additionalProperties: false },
);
export type AdminKycQuery = Static<typeof AdminKycQuery>;

export const AdminKyc = Type.Object({
  ...KycSubmission.properties,
  userId: IdString,
  username: Type.String(),
  /** for operators only, never shown to the user */
  internalNote: Type.Union([Type.String(), Type.Null()]),
  reviewedBy: Type.Union([IdString, Type.Null()]),
  /** the user's earlier rejected submissions */
  previousRejections: Type.Integer(),
});
export type AdminKyc = Static<typeof AdminKyc>;
export const AdminKycPage = KeysetPage(AdminKyc);
export type AdminKycPage = Static<typeof AdminKycPage>;
export const AdminKycParams = Type.Object({ id: IdString }, { additionalProperties: false });

/** POST /admin-api/kyc/:id/reject: `reason` is shown to the user, `note` only to operators. */
export const KycRejectBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
    note: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type KycRejectBody = Static<typeof KycRejectBody>;

// ---------------------------------------------------------------- user events
/** Published on the user's channel (and written as a notification): refType 'kyc', refId the submission id. */
export const KYC_REF_TYPE = 'kyc';
