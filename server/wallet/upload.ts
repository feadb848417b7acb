/**
 * Reads the recharge form (multipart): text fields and one `proof` file, checked against the
 * contract schema, the size limit and the image's real content.
 */
import type { FastifyRequest } from 'fastify';
import { Err } from '../../src/contract/errors.ts';
import { RechargeFields } from '../../src/contract/wallet.ts';
import { BizError } from '../platform/http/errors.ts';
import { imageFormReader } from '../platform/uploads/form.ts';
import { cleanImage, sniffImage, type CleanImage, type ImageLimits } from '../platform/uploads/images.ts';

const readForm = imageFormReader(RechargeFields, ['proof'] as const);

/** The form's text fields, checked against the contract, and the proof file's bytes (checked later). */
export interface RechargeForm {
  fields: RechargeFields;
  proof?: Buffer;
}

/** Refusals in this order: 10030 (not multipart / bad fields), 10040 too large, 10055 missing, 10039 not an image. */
export async function readRechargeForm(req: FastifyRequest, maxBytes: number): Promise<RechargeForm> {
  const { fields, files } = await readForm(req, maxBytes);
  return { fields, proof: files.proof };
}

/**
 * Refuses a missing proof (10055) or one that is no image format we take (10039) at once, and
 * answers the expensive part for later: decoding and re-encoding (10039, 10086), run only once
 * the claim's cheaper checks have passed.
 */
export function checkProofImage(proof: Buffer | undefined, limits: ImageLimits): () => Promise<CleanImage> {
  if (!proof || proof.length === 0) throw new BizError(Err.UPLOAD_REQUIRED);
  if (!sniffImage(proof)) throw new BizError(Err.IMAGE_FORMAT_WRONG);
  return () => cleanImage(proof, limits);
}
