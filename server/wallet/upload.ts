/**
 * Reads the recharge form (multipart): text fields and one `proof` file, checked against the
 * contract schema, the size limit and the image's real content.
 */
import type { FastifyRequest } from 'fastify';
import { Compile } from 'typebox/compile';
import { Err } from '../../src/contract/errors.ts';
import { RechargeFields } from '../../src/contract/wallet.ts';
import { BizError } from '../http/errors.ts';
import { cleanImage, sniffImage, type CleanImage, type ImageLimits } from '../uploads/images.ts';

const checkFields = Compile(RechargeFields);

/** The form's text fields, checked against the contract, and the proof file's bytes (checked later). */
export interface RechargeForm { fields: RechargeFields; proof?: Buffer }

/** Refusals in this order: 10030 (not multipart / bad fields), 10040 too large, 10055 missing, 10039 not an image. */
export async function readRechargeForm(req: FastifyRequest, maxBytes: number): Promise<RechargeForm> {
  if (!req.isMultipart()) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'expected multipart/form-data' });
  const fields: Record<string, string> = {};
  let proof: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'proof' || proof) throw new BizError(Err.MALFORMED_REQUEST, { detail: `unexpected file "${part.fieldname.slice(0, 40)}"` });
        proof = await part.toBuffer();
        if (proof.length > maxBytes) throw new BizError(Err.IMAGE_TOO_LARGE, { limit: `${Math.round(maxBytes / 1024 / 1024 * 10) / 10} MB` });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new BizError(Err.MALFORMED_REQUEST, { detail: `field "${part.fieldname.slice(0, 40)}" too long` });
        if (part.fieldname in fields) throw new BizError(Err.MALFORMED_REQUEST, { detail: `field "${part.fieldname.slice(0, 40)}" repeated` });
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (e) {
    if (e instanceof BizError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError(Err.IMAGE_TOO_LARGE, { limit: `${Math.round(maxBytes / 1024 / 1024 * 10) / 10} MB` });
    throw new BizError(Err.MALFORMED_REQUEST, { detail: (e as Error).message?.slice(0, 200) ?? 'bad multipart body' });
  }
  if (!checkFields.Check(fields)) {
    const first = [...checkFields.Errors(fields)][0];
    throw new BizError(Err.MALFORMED_REQUEST, { detail: first ? `${first.instancePath || 'body'} ${first.message}` : 'invalid fields' });
  }
  return { fields: fields as unknown as RechargeFields, proof };
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
