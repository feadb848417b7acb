/**
 * Proof uploads (issue 15 item 5), on PGlite and (TEST_DB=postgres) PostgreSQL: the image is
 * decoded for real and only a re-encoded copy is kept; a decompression bomb is refused from its
 * header; polyglots lose their payload or are refused; downloads are attachments with nosniff;
 * claims are rate-limited and capped per user; files a crash left without their row are swept.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { deposits } from '../../../server/wallet/schema.ts';
import { startWalletEngine } from '../../../server/wallet/engine.ts';
import { age, looksSealed, storedKeys, storedRaw } from '../blobFixtures.ts';
import { body, useTestApp, type TestApp } from '../helpers.ts';
import { box, HTML, j2kOf, JP2_SIGNATURE, jp2Of, jpegOf, pngBomb, pngOf, pngWithText, SVG } from '../imageFixtures.ts';
import {
  addReceiveAddresses,
  counts,
  createUser,
  real,
  recharge,
  rechargeFields,
  type FilePart,
  type TestUser,
} from '../wallet/walletFixtures.ts';
import { marketClock } from '../trading/tradingFixtures.ts';

const U = '/swx/customer/user';
const files = (t: TestApp) => storedKeys(t.app, 'proof/');

/** A claim with this proof; the code, and on success the served bytes and headers. */
async function claim(t: TestApp, u: TestUser, file: FilePart) {
  const res = body(await recharge(t.app, u, rechargeFields(), file));
  if (res.code !== Ok.RECHARGE_SUBMITTED) return { code: res.code };
  const dl = await t.app.inject({ url: `${U}/rechargeProof/${res.result.id}`, headers: real(u) });
  return { code: res.code, served: dl.rawPayload, headers: dl.headers, type: String(dl.headers['content-type']) };
}

/** Refused with `code`, and nothing written: no row, no balance, no file. */
async function refused(t: TestApp, u: TestUser, file: FilePart, code: number) {
  const before = { rows: await counts(t.app), files: await files(t) };
  const res = body(await recharge(t.app, u, rechargeFields(), file));
  expect(res.code).toBe(code);
  expect({ rows: await counts(t.app), files: await files(t) }).toEqual(before);
}

describe('uploads: decoded, size-checked from the header, re-encoded; downloads are attachments', () => {
  const t = useTestApp({ uploadMaxImageSide: 2000, depositPendingMax: 1000, depositClaimsPerHour: 1000 });
  let alice: TestUser;
  beforeAll(async () => {
    alice = await createUser(t.app);
    await addReceiveAddresses(t.app);
  });

  it('a 100,000 × 100,000 PNG bomb is refused from its header (10086) at once, nothing written', async () => {
    const bomb = pngBomb(100_000, 100_000);
    expect(bomb.length).toBeLessThan(20_000);
    const start = performance.now();
    await refused(t, alice, { content: bomb }, Err.IMAGE_DIMENSIONS_TOO_LARGE);
    expect(performance.now() - start).toBeLessThan(2000);
    const res = body(await recharge(t.app, alice, rechargeFields(), { content: bomb }, real(alice, { lang: 'en' })));
    expect(res.msg).toContain('2000');
  });

  it('one pixel over the side limit is refused (10086), for PNG, JPEG and JPEG 2000 alike', async () => {
    await refused(t, alice, { content: await pngOf(2001, 10) }, Err.IMAGE_DIMENSIONS_TOO_LARGE);
    await refused(t, alice, { content: await jpegOf(10, 2001), type: 'image/jpeg' }, Err.IMAGE_DIMENSIONS_TOO_LARGE);
    // a JPEG 2000 header claiming 100,000 px a side (SIZ marker rewritten), refused before decoding
    const cs = Buffer.from(await j2kOf(64, 64));
    cs.writeUInt32BE(100_000, 8);
    cs.writeUInt32BE(100_000, 12);
    await refused(t, alice, { content: cs, type: 'image/jp2' }, Err.IMAGE_DIMENSIONS_TOO_LARGE);
    expect((await claim(t, alice, { content: await pngOf(2000, 10) })).code).toBe(Ok.RECHARGE_SUBMITTED);
  });

  it('a file with an image signature that does not decode is refused (10039)', async () => {
    const png = await pngOf(8, 8);
    await refused(t, alice, { content: Buffer.concat([png.subarray(0, 40), HTML]) }, Err.IMAGE_FORMAT_WRONG);
    await refused(t, alice, { content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]) }, Err.IMAGE_FORMAT_WRONG);
    // JPEG 2000 signature box followed by an SVG: no codestream at all
    await refused(t, alice, { content: Buffer.concat([JP2_SIGNATURE, SVG]), type: 'image/jp2' }, Err.IMAGE_FORMAT_WRONG);
    // raw codestream markers followed by an SVG
    await refused(
      t,
      alice,
      { content: Buffer.concat([Buffer.from('ff4fff51', 'hex'), SVG]), type: 'image/jp2' },
      Err.IMAGE_FORMAT_WRONG,
    );
  });

  it('polyglots keep no payload: PNG + HTML, JPEG + HTML, JPEG 2000 + SVG box are re-encoded without it', async () => {
    const cases: Array<[string, Buffer, string]> = [
      ['PNG followed by HTML', Buffer.concat([await pngOf(16, 16), HTML]), 'image/png'],
      ['JPEG followed by HTML', Buffer.concat([await jpegOf(16, 16), HTML]), 'image/jpeg'],
      ['JP2 with an SVG box before the codestream', await jp2Of(64, 64, [box('xml ', SVG)]), 'image/png'],
      ['JP2 followed by an SVG', Buffer.concat([await jp2Of(64, 64), SVG]), 'image/png'],
    ];
    for (const [name, content, mime] of cases) {
      const before = (await files(t)).length;
      const r = await claim(t, alice, { content });
      // refusing would be fine too; what may never happen is keeping the payload
      if (r.code !== Ok.RECHARGE_SUBMITTED) {
        expect(r.code, name).toBe(Err.IMAGE_FORMAT_WRONG);
        continue;
      }
      expect((await files(t)).length, name).toBe(before + 1);
      expect(r.type, name).toBe(mime);
      const text = r.served!.toString('latin1');
      expect(text, name).not.toMatch(/<script|<svg|<html|alert/i);
      expect(r.served!.equals(content), name).toBe(false);
      // what is served decodes as the image it says it is
      const meta = await sharp(r.served!, { failOn: 'error' }).metadata();
      expect(meta.format, name).toBe(mime === 'image/png' ? 'png' : 'jpeg');
    }
  });

  it('metadata is stripped: PNG text chunks and JPEG EXIF do not reach the stored file', async () => {
    const png = await claim(t, alice, { content: await pngWithText('SECRET-LOCATION-52.37N') });
    expect(png.code).toBe(Ok.RECHARGE_SUBMITTED);
    expect(png.served!.toString('latin1')).not.toContain('SECRET-LOCATION');
    const exifJpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
      .withExif({ IFD0: { ImageDescription: 'SECRET-DEVICE-SERIAL', Copyright: 'SECRET-OWNER' } })
      .jpeg()
      .toBuffer();
    expect(exifJpeg.toString('latin1')).toContain('SECRET-DEVICE-SERIAL');
    const jpg = await claim(t, alice, { content: exifJpeg, type: 'image/jpeg' });
    expect(jpg.code).toBe(Ok.RECHARGE_SUBMITTED);
    expect(jpg.served!.toString('latin1')).not.toContain('SECRET');
    expect((await sharp(jpg.served!).metadata()).exif).toBeUndefined();
  });

  it('the stored file is the re-encoded copy, sealed, and both download routes serve it as an attachment with nosniff', async () => {
    const op = await createUser(t.app, 'operator');
    const upload = Buffer.concat([await pngOf(20, 20), HTML]);
    const res = body(await recharge(t.app, alice, rechargeFields(), { content: upload }));
    expect(res.code).toBe(Ok.RECHARGE_SUBMITTED);
    const [row] = await t.app.db
      .select()
      .from(deposits)
      .where(eq(deposits.id, BigInt(res.result.id)));
    expect(row.proofMime).toBe('image/png');
    const stored = (await t.app.files.read(row.proofFile))!;
    expect(stored.includes(HTML)).toBe(false);
    // at rest it is sealed (issue 25 item 8): not the image, not even its signature
    expect(looksSealed((await storedRaw(t.app, row.proofFile))!, stored)).toBe(true);
    for (const [url, headers] of [
      [`${U}/rechargeProof/${res.result.id}`, real(alice)],
      [`/admin-api/deposits/${res.result.id}/proof`, { authorization: op.token }],
    ] as const) {
      const dl = await t.app.inject({ url, headers });
      expect(dl.statusCode).toBe(200);
      expect(dl.rawPayload.equals(stored)).toBe(true);
      expect(dl.headers['content-type']).toBe('image/png');
      expect(dl.headers['content-disposition']).toBe(`attachment; filename="deposit-${res.result.id}-proof.png"`);
      expect(dl.headers['x-content-type-options']).toBe('nosniff');
      expect(dl.headers['content-security-policy']).toContain('sandbox');
      expect(dl.headers['cache-control']).toContain('no-store');
    }
  });
});

describe('uploads: claims per user are rate-limited and capped while pending', () => {
  // the defaults: 5 pending, 10 an hour (on the platform clock, docs/design.md "Time")
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  beforeAll(async () => addReceiveAddresses(t.app));

  it('30 parallel claims of one user keep at most 5 (10085 / 10031 for the rest), and no stray file', async () => {
    const u = await createUser(t.app);
    const proof = await pngOf(400, 400);
    const codes = await Promise.all(
      Array.from({ length: 30 }, () => recharge(t.app, u, rechargeFields(), { content: proof }).then((r) => body(r).code)),
    );
    expect(codes.filter((c) => c === Ok.RECHARGE_SUBMITTED)).toHaveLength(5);
    expect(
      codes.every((c) => [Ok.RECHARGE_SUBMITTED, Err.TOO_MANY_PENDING_DEPOSITS, Err.TOO_MANY_REQUESTS].includes(c as never)),
    ).toBe(true);
    expect(await files(t)).toHaveLength(5);
    // still capped afterwards, with the limit in the message
    const res = body(await recharge(t.app, u, rechargeFields(), { content: proof }, real(u, { lang: 'en' })));
    expect(res.code).toBe(Err.TOO_MANY_PENDING_DEPOSITS);
    expect(res.msg).toContain('5');
  });

  it('a reviewed claim frees its place; the hourly window still counts it', async () => {
    const u = await createUser(t.app);
    const op = await createUser(t.app, 'operator');
    const proof = await pngOf(8, 8);
    for (let i = 0; i < 10; i++) {
      const res = body(await recharge(t.app, u, rechargeFields(), { content: proof }));
      expect(res.code, `claim ${i + 1}`).toBe(Ok.RECHARGE_SUBMITTED);
      const rej = await t.app.inject({
        method: 'POST',
        url: `/admin-api/deposits/${res.result.id}/reject`,
        headers: { authorization: op.token },
        payload: { reason: 'not on chain' },
      });
      expect(body(rej).code).toBe(200);
    }
    const before = await counts(t.app);
    const res = await recharge(t.app, u, rechargeFields(), { content: proof });
    expect(res.statusCode).toBe(429);
    expect(body(res).code).toBe(Err.TOO_MANY_REQUESTS);
    expect(await counts(t.app)).toEqual(before);
    // another user is not affected
    expect(body(await recharge(t.app, await createUser(t.app), rechargeFields(), { content: proof })).code).toBe(
      Ok.RECHARGE_SUBMITTED,
    );
    // the hour is the platform clock's: after it the user may claim again
    clock.ms(3600_000 + 1);
    expect(body(await recharge(t.app, u, rechargeFields(), { content: proof })).code).toBe(Ok.RECHARGE_SUBMITTED);
  });
});

describe('uploads: files a crash left without their row are removed', () => {
  const t = useTestApp();
  beforeAll(async () => addReceiveAddresses(t.app));

  it('at start and on each sweep: old files no deposit names go, named and fresh files stay', async () => {
    const u = await createUser(t.app);
    const res = body(await recharge(t.app, u, rechargeFields(), { content: await pngOf(8, 8) }));
    expect(res.code).toBe(Ok.RECHARGE_SUBMITTED);
    const [named] = await files(t);
    // as if the process died after writing the file and before the insert: of every kind
    const orphan = await t.app.files.put('proof', await pngOf(8, 8));
    const fresh = await t.app.files.put('proof', await pngOf(8, 8));
    const others = [
      await t.app.files.put('kyc', await pngOf(8, 8)),
      await t.app.files.put('support', await pngOf(8, 8)),
      await t.app.files.put('loan-signature', await pngOf(8, 8)),
    ];
    await age(t.app, [named, orphan, ...others], 3600_000);

    const stop = await startWalletEngine(t.app);
    await stop();
    expect(await storedKeys(t.app)).toEqual([named, fresh].sort());
    // the named file is still served
    expect((await t.app.inject({ url: `${U}/rechargeProof/${res.result.id}`, headers: real(u) })).statusCode).toBe(200);
    await age(t.app, [fresh], 3600_000);
    expect(await t.app.files.sweepOrphans()).toEqual([fresh]);
    expect(await files(t)).toEqual([named]);
  });
});
