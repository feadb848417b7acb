import QRCode from 'qrcode';

const cache = new Map<string, string>();

/** QR code of a receive address as an SVG data URL (drawn server-side, cached per address). */
export async function qrDataUrl(text: string): Promise<string> {
  const hit = cache.get(text);
  if (hit) return hit;
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  if (cache.size > 500) cache.clear();
  cache.set(text, url);
  return url;
}
