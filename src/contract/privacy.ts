/**
 * Operators' reads of personal data, as the customer sees them (issue 25 item 4,
 * docs/security.md "Personal data reads"): GET /swx/customer/user/documentAccess lists when one
 * of the customer's documents was opened by an operator and why (a reason category), never who.
 */
import { Type, type Static } from 'typebox';
import { IsoTime, LiteralUnion, Page, PageQuery } from './envelope.ts';

/** What was opened. */
export const PERSONAL_DOCUMENTS = ['kyc_detail', 'kyc_image', 'deposit_proof', 'loan_signature', 'support_attachment'] as const;
export type PersonalDocument = (typeof PERSONAL_DOCUMENTS)[number];

/** Why, as a category the customer can read: the review or request the document belongs to. */
export const READ_REASONS = ['identity_verification', 'deposit_review', 'loan_review', 'support_request'] as const;
export type ReadReason = (typeof READ_REASONS)[number];

export const READ_REASON_OF: Record<PersonalDocument, ReadReason> = {
  kyc_detail: 'identity_verification',
  kyc_image: 'identity_verification',
  deposit_proof: 'deposit_review',
  loan_signature: 'loan_review',
  support_attachment: 'support_request',
};

export const DocumentAccess = Type.Object({
  at: IsoTime,
  document: LiteralUnion(PERSONAL_DOCUMENTS),
  reason: LiteralUnion(READ_REASONS),
});
export type DocumentAccess = Static<typeof DocumentAccess>;
export const DocumentAccessPage = Page(DocumentAccess);
export type DocumentAccessPage = Static<typeof DocumentAccessPage>;
export const DocumentAccessQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type DocumentAccessQuery = Static<typeof DocumentAccessQuery>;
