/**
 * Reads the loan form (multipart, server/platform/uploads/form.ts): the text fields of `LoanFields` and one
 * file, `signature`, checked against the contract and the size limit while it streams in
 * (10030, 10040). The image itself is checked (decoded and re-encoded by server/platform/uploads) once the
 * cheaper refusals have passed.
 */
import type { FastifyRequest } from 'fastify';
import { LoanFields } from '../../src/contract/loans.ts';
import { imageFormReader } from '../platform/uploads/form.ts';

const read = imageFormReader(LoanFields, ['signature'] as const);

export interface LoanForm {
  fields: LoanFields;
  signature?: Buffer;
}

export async function readLoanForm(req: FastifyRequest, maxBytes: number): Promise<LoanForm> {
  const { fields, files } = await read(req, maxBytes);
  return { fields, signature: files.signature };
}
