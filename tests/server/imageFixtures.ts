/**
 * Real images and hostile files for the upload tests, made at load time: sharp encodes JPEG and
 * PNG, the OpenJPEG WebAssembly build encodes JPEG 2000 (raw codestream, and wrapped in JP2 boxes).
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import openJpeg from '@cornerstonejs/codec-openjpeg';

const rgb = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });

export const pngOf = (width: number, height: number) => rgb(width, height).png().toBuffer();
export const jpegOf = (width: number, height: number) => rgb(width, height).jpeg().toBuffer();

/** A JPEG 2000 codestream (64 px a side at least: the encoder's default levels need that much). */
export async function j2kOf(width: number, height: number): Promise<Buffer> {
  const mod = await openJpeg({ print: () => {}, printErr: () => {} });
  const enc = new mod.J2KEncoder();
  try {
    const px = new Uint8Array(width * height * 3);
    for (let i = 0; i < px.length; i++) px[i] = (i * 7) % 251;
    enc
      .getDecodedBuffer({ width, height, bitsPerSample: 8, componentCount: 3, isSigned: false, isUsingColorTransform: true })
      .set(px);
    enc.encode();
    return Buffer.from(enc.getEncodedBuffer());
  } finally {
    enc.delete();
  }
}

export const box = (type: string, content: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + content.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, content]);
};
export const JP2_SIGNATURE = Buffer.from('0000000c6a5020200d0a870a', 'hex');
const ftyp = box('ftyp', Buffer.from('jp2 \0\0\0\0jp2 ', 'latin1'));

/** A JP2 file: signature, file type, optional extra boxes, then the codestream box. */
export const jp2Of = async (width: number, height: number, extra: Buffer[] = []) =>
  Buffer.concat([JP2_SIGNATURE, ftyp, ...extra, box('jp2c', await j2kOf(width, height))]);

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

/**
 * A PNG whose header says width × height (8-bit gray) with a few hundred bytes of compressed
 * rows: a decompression bomb. Decoding it would need width × height bytes; nothing should.
 */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // gray
  const rows = zlib.deflateSync(Buffer.alloc(Math.min(width + 1, 1 << 20) * 4));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG carrying text in a tEXt chunk (metadata that must not survive re-encoding). */
export async function pngWithText(text: string): Promise<Buffer> {
  const png = await pngOf(8, 8);
  // insert the chunk right after IHDR (8-byte signature + 25-byte IHDR chunk)
  return Buffer.concat([png.subarray(0, 33), chunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')), png.subarray(33)]);
}

export const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
