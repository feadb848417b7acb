/**
 * JPEG 2000 for uploads. sharp's prebuilt libvips has no JPEG 2000 decoder, so these images go
 * through OpenJPEG compiled to WebAssembly (@cornerstonejs/codec-openjpeg, decoder build), which
 * reads raw codestreams only: a JP2 file is unwrapped to its `jp2c` box here. Everything else in
 * the file (XML, UUID boxes, whatever follows) is never read, and the pixels are re-encoded.
 */
import openJpeg from '@cornerstonejs/codec-openjpeg/decode';

export interface J2kHeader {
  width: number;
  height: number;
  components: number;
  bits: number;
  subsampled: boolean;
  signed: boolean;
}

/** The `jp2c` box's content (the codestream) of a JP2 file, or null when there is none. */
export function jp2Codestream(buf: Buffer): Buffer | null {
  let at = 0;
  while (at + 8 <= buf.length) {
    let len = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let head = 8;
    if (len === 1) {
      if (at + 16 > buf.length) return null;
      const big = buf.readBigUInt64BE(at + 8);
      if (big > BigInt(buf.length)) return null;
      len = Number(big);
      head = 16;
    } else if (len === 0) {
      len = buf.length - at;
    }
    if (len < head || at + len > buf.length) return null;
    if (type === 'jp2c') return buf.subarray(at + head, at + len);
    at += len;
  }
  return null;
}

/**
 * The image size and sample layout from the codestream's SIZ marker, which must follow SOC
 * directly: read before anything is decoded, so a huge canvas is refused without allocating it.
 */
export function j2kHeader(cs: Buffer): J2kHeader | null {
  if (cs.length < 42 || cs.readUInt16BE(0) !== 0xff4f || cs.readUInt16BE(2) !== 0xff51) return null;
  const lsiz = cs.readUInt16BE(4);
  const width = cs.readUInt32BE(8) - cs.readUInt32BE(16);
  const height = cs.readUInt32BE(12) - cs.readUInt32BE(20);
  const components = cs.readUInt16BE(40);
  if (width <= 0 || height <= 0 || components < 1 || lsiz !== 38 + 3 * components || cs.length < 4 + lsiz) return null;
  let bits = 0;
  let subsampled = false;
  let signed = false;
  for (let c = 0; c < components; c++) {
    const ssiz = cs[42 + 3 * c];
    bits = Math.max(bits, (ssiz & 0x7f) + 1);
    signed ||= (ssiz & 0x80) !== 0;
    subsampled ||= cs[43 + 3 * c] !== 1 || cs[44 + 3 * c] !== 1;
  }
  return { width, height, components, bits, subsampled, signed };
}

/** The layouts whose decoded bytes sharp reads as raw pixels: 8-bit, unsigned, 1–4 full-size channels. */
export const rawReadable = (h: J2kHeader) => h.bits <= 8 && !h.signed && !h.subsampled && h.components <= 4;

/**
 * Decodes a codestream whose header was checked (`rawReadable`, size within limits) to
 * interleaved 8-bit pixels; null when OpenJPEG cannot (it reports errors by leaving the frame
 * empty, not by throwing). A fresh module per image: the WebAssembly memory grows to the
 * largest image decoded and is only given back when the module goes.
 */
export async function decodeJ2k(cs: Buffer, h: J2kHeader): Promise<Buffer | null> {
  const mod = await openJpeg({ print: () => {}, printErr: () => {} });
  const dec = new mod.J2KDecoder();
  try {
    dec.getEncodedBuffer(cs.length).set(cs);
    dec.decode();
    const info = dec.getFrameInfo();
    const out = dec.getDecodedBuffer();
    const expected = h.width * h.height * h.components;
    if (info.width !== h.width || info.height !== h.height || info.componentCount !== h.components || out.length !== expected)
      return null;
    return Buffer.from(out);
  } catch {
    return null;
  } finally {
    dec.delete();
  }
}
