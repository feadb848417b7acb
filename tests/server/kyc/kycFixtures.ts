/**
 * Identity verification fixtures: a valid form, the multipart body with several images, the
 * submit call, and row counts of everything a submission writes.
 */
import crypto from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { kycImages, kycSubmissions } from '../../../server/kyc/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import type { TestUser } from '../wallet/walletFixtures.ts';

/** A JPEG with EXIF text in it, and a PNG: distinct pixels so stored bytes can be compared. */
export const FRONT = await sharp({ create: { width: 32, height: 20, channels: 3, background: '#336699' } })
  .withExif({ IFD0: { ImageDescription: 'SECRET-GPS-52.37N', Copyright: 'SECRET-OWNER' } })
  .jpeg()
  .toBuffer();
export const BACK = await sharp({ create: { width: 32, height: 20, channels: 3, background: '#996633' } })
  .png()
  .toBuffer();
export const HANDHELD = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#cc9966' } })
  .jpeg()
  .toBuffer();
export const SIGNATURE = await sharp({
  create: { width: 60, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
})
  .png()
  .toBuffer();

export const IMAGES: Record<string, Buffer> = { front: FRONT, back: BACK, handheld: HANDHELD, signature: SIGNATURE };

export function kycFields(over: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    birthDate: '1990-12-10',
    sex: 'female',
    country: 'GB',
    address: '12 St James Square, London',
    phone: '+44 7700 900123',
    documentType: 'id_card',
    ...over,
  };
}

export function multipartMany(fields: Record<string, string>, files: Record<string, Buffer>) {
  const boundary = `----kyc${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [k, v] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${k}.img"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      v,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function submitKyc(
  app: FastifyInstance,
  u: TestUser,
  fields = kycFields(),
  files: Record<string, Buffer> = IMAGES,
  book: 'YES' | 'NO' = 'NO',
) {
  const m = multipartMany(fields, files);
  const res = await app.inject({
    method: 'POST',
    url: '/swx/customer/user/identification',
    payload: m.payload,
    headers: { authorization: u.token, virtually: book, ...m.headers },
  });
  return res.json() as {
    code: number;
    msg: string;
    result: { id: string; status: string; images: Array<{ kind: string; url: string }> } | null;
  };
}

export async function kycCounts(app: FastifyInstance) {
  const n = async (t: PgTable) => Number((await app.db.select({ n: count() }).from(t))[0].n);
  return {
    submissions: await n(kycSubmissions),
    images: await n(kycImages),
    notifications: await n(notifications),
    audit: await n(auditLog),
  };
}
