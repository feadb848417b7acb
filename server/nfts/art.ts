/**
 * The artwork of an NFT: an SVG drawn from its seed alone, so the same seed always gives the same
 * picture (the service stores the seed, never an image). A small seeded generator picks one of
 * five compositions and a harmonious palette (a base hue with its analogous and complementary
 * neighbours). Only numbers from the generator reach the markup: nothing user-typed is embedded.
 */

/** mulberry32: a tiny, well-spread 32-bit generator; deterministic for a seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo: number, hi: number) => lo + next() * (hi - lo),
    int: (lo: number, hi: number) => Math.floor(lo + next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}
type Rng = ReturnType<typeof rng>;

const r1 = (n: number) => Math.round(n * 10) / 10;
const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(s)}% ${Math.round(l)}%)`;

interface Palette {
  bg1: string;
  bg2: string;
  colors: string[];
  ink: string;
}

function palette(r: Rng): Palette {
  const base = r.range(0, 360);
  const scheme = r.pick([
    [0, 30, 60],
    [0, 150, 210],
    [0, 120, 240],
    [0, 20, 180],
    [0, 40, 200],
  ]);
  const dark = r.next() < 0.5;
  const colors = scheme.flatMap((off) => [
    hsl(base + off, r.range(60, 90), r.range(50, 65)),
    hsl(base + off, r.range(55, 85), r.range(68, 80)),
  ]);
  return {
    bg1: dark ? hsl(base + 200, r.range(35, 55), r.range(10, 16)) : hsl(base + 180, r.range(30, 50), r.range(90, 95)),
    bg2: dark ? hsl(base + 240, r.range(40, 60), r.range(18, 26)) : hsl(base + 210, r.range(35, 55), r.range(80, 88)),
    colors,
    ink: dark ? 'hsl(0 0% 96%)' : 'hsl(220 30% 14%)',
  };
}

/** Concentric rings around a sun, off centre. */
function orbits(r: Rng, p: Palette): string {
  const cx = r.range(140, 260);
  const cy = r.range(140, 260);
  let s = '';
  for (let i = 9; i >= 1; i--) {
    s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(i * r.range(22, 30))}" fill="none" stroke="${r.pick(p.colors)}" stroke-width="${r1(r.range(2, 9))}" opacity="${r1(r.range(0.45, 0.95))}"/>`;
  }
  s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r.range(26, 44))}" fill="${p.colors[0]}"/>`;
  for (let i = 0; i < 5; i++) {
    s += `<circle cx="${r1(r.range(20, 380))}" cy="${r1(r.range(20, 380))}" r="${r1(r.range(4, 12))}" fill="${r.pick(p.colors)}"/>`;
  }
  return s;
}

/** A Bauhaus grid of quarter and half circles. */
function bauhaus(r: Rng, p: Palette): string {
  const n = r.pick([4, 5]);
  const size = 400 / n;
  let s = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const x0 = x * size;
      const y0 = y * size;
      s += `<rect x="${r1(x0)}" y="${r1(y0)}" width="${r1(size)}" height="${r1(size)}" fill="${r.pick(p.colors)}" opacity="${r1(r.range(0.25, 0.6))}"/>`;
      const c = r.pick(p.colors);
      const kind = r.int(0, 3);
      if (kind === 0) {
        const corner = r.int(0, 3);
        const cx = x0 + (corner % 2) * size;
        const cy = y0 + Math.floor(corner / 2) * size;
        s += `<path d="M${r1(cx)} ${r1(cy)} L${r1(cx === x0 ? x0 + size : x0)} ${r1(cy)} A${r1(size)} ${r1(size)} 0 0 ${corner === 0 || corner === 3 ? 1 : 0} ${r1(cx)} ${r1(cy === y0 ? y0 + size : y0)} Z" fill="${c}"/>`;
      } else if (kind === 1) {
        s += `<circle cx="${r1(x0 + size / 2)}" cy="${r1(y0 + size / 2)}" r="${r1(size * r.range(0.25, 0.45))}" fill="${c}"/>`;
      } else if (kind === 2) {
        s += `<path d="M${r1(x0)} ${r1(y0 + size)} A${r1(size / 2)} ${r1(size / 2)} 0 0 1 ${r1(x0 + size)} ${r1(y0 + size)} Z" fill="${c}"/>`;
      } else {
        s += `<rect x="${r1(x0 + size * 0.2)}" y="${r1(y0 + size * 0.2)}" width="${r1(size * 0.6)}" height="${r1(size * 0.6)}" fill="none" stroke="${c}" stroke-width="${r1(size * 0.08)}"/>`;
      }
    }
  }
  return s;
}

/** Layered waves, like a sea at dusk. */
function waves(r: Rng, p: Palette): string {
  let s = `<circle cx="${r1(r.range(80, 320))}" cy="${r1(r.range(70, 140))}" r="${r1(r.range(30, 55))}" fill="${p.colors[1]}"/>`;
  const layers = r.int(5, 8);
  for (let i = 0; i < layers; i++) {
    const base = 160 + i * (240 / layers);
    const amp = r.range(8, 30);
    const freq = r.range(1, 3);
    const phase = r.range(0, Math.PI * 2);
    let d = `M0 400 L0 ${r1(base)}`;
    for (let x = 0; x <= 400; x += 20) d += ` L${x} ${r1(base + Math.sin((x / 400) * Math.PI * 2 * freq + phase) * amp)}`;
    d += ' L400 400 Z';
    s += `<path d="${d}" fill="${p.colors[i % p.colors.length]}" opacity="${r1(0.55 + (i / layers) * 0.45)}"/>`;
  }
  return s;
}

/** Mountain ridges in aerial perspective under a moon. */
function ridges(r: Rng, p: Palette): string {
  let s = `<circle cx="${r1(r.range(60, 340))}" cy="${r1(r.range(60, 130))}" r="${r1(r.range(20, 40))}" fill="${p.ink}" opacity="0.85"/>`;
  const layers = r.int(4, 6);
  for (let i = 0; i < layers; i++) {
    const base = 170 + i * 45;
    let d = `M0 400 L0 ${r1(base)}`;
    let y = base;
    for (let x = 0; x <= 400; x += r.int(20, 50)) {
      y = Math.min(390, Math.max(90, y + r.range(-40, 40)));
      d += ` L${x} ${r1(y)}`;
    }
    d += ` L400 ${r1(base)} L400 400 Z`;
    s += `<path d="${d}" fill="${p.colors[(i * 2) % p.colors.length]}" opacity="${r1(0.5 + (i / layers) * 0.5)}"/>`;
  }
  return s;
}

/** A radial flower of petals. */
function bloom(r: Rng, p: Palette): string {
  const petals = r.int(6, 14);
  const rings = r.int(2, 4);
  let s = '';
  for (let k = rings; k >= 1; k--) {
    const len = 40 + k * r.range(35, 50);
    const width = len * r.range(0.22, 0.38);
    const color = p.colors[(k * 2 + 1) % p.colors.length];
    const turn = r.range(0, 360 / petals);
    for (let i = 0; i < petals; i++) {
      const a = turn + (360 / petals) * i;
      s += `<ellipse cx="200" cy="${r1(200 - len / 2)}" rx="${r1(width / 2)}" ry="${r1(len / 2)}" fill="${color}" opacity="0.8" transform="rotate(${r1(a)} 200 200)"/>`;
    }
  }
  s += `<circle cx="200" cy="200" r="${r1(r.range(18, 32))}" fill="${p.colors[0]}"/>`;
  return s;
}

export const ART_STYLES = ['orbits', 'bauhaus', 'waves', 'ridges', 'bloom'] as const;
const DRAW = { orbits, bauhaus, waves, ridges, bloom } as const;

/** Which composition a seed draws (the seed's low bits, so consecutive seeds vary). */
export const artStyleOf = (seed: number) => ART_STYLES[(seed >>> 0) % ART_STYLES.length];

/** The 400 × 400 SVG of a seed. */
export function artSvg(seed: number): string {
  const r = rng(seed * 2654435761);
  const p = palette(r);
  const body = DRAW[artStyleOf(seed)](r, p);
  const id = `g${seed >>> 0}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient>` +
    `<clipPath id="${id}c"><rect width="400" height="400"/></clipPath></defs>` +
    `<rect width="400" height="400" fill="url(#${id})"/><g clip-path="url(#${id}c)">${body}</g></svg>`
  );
}
