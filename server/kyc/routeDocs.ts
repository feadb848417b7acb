/**
 * What identity verification's routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  identification: {
    operationId: 'identification',
    summary:
      'Submit identity verification: fields firstName, lastName, birthDate, sex, country, address, phone, documentType, and update=true when a verified person sends changed data back to review; files front, back (not for a passport), handheld, signature (JPEG/PNG/JPEG 2000). Success 20001.',
    description:
      'Submits identity verification (multipart form: firstName, lastName, birthDate, country, document type and number, and the document images), reviewed by an operator within 48 hours. Success answers 20001.',
    refusals: [
      Err.KYC_PENDING,
      Err.KYC_ALREADY_VERIFIED,
      Err.KYC_RESUBMIT_LIMIT,
      Err.KYC_UNDERAGE,
      Err.KYC_BIRTH_DATE_INVALID,
      Err.KYC_COUNTRY_UNKNOWN,
      Err.KYC_BACK_NOT_FOR_PASSPORT,
      Err.UPLOAD_REQUIRED,
      Err.IMAGE_FORMAT_WRONG,
      Err.IMAGE_TOO_LARGE,
      Err.IMAGE_DIMENSIONS_TOO_LARGE,
    ],
  },
  getIdentification: {
    operationId: 'getIdentification',
    summary: 'My verification: status, rejection reason, resubmissions left and the latest submission',
    description: "The caller's verification: its status, the rejection reason, the resubmissions left and the latest submission.",
    refusals: [],
  },
  getIdentificationImage: {
    operationId: 'getIdentificationImage',
    summary: 'One image of a submission, decrypted: its owner or an operator only',
    description:
      "One image of a verification submission, decrypted, as a download; only its owner or an operator (whose reading is recorded in the owner's document access list).",
    refusals: [Err.RECORD_NOT_FOUND],
  },
} as const satisfies Record<string, RouteDoc>;
