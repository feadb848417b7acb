/**
 * Small seeded pseudo-random generators: the simulator and the generated history must be
 * reproducible from a seed (tests, and history that looks the same after a restart).
 */

/** 32-bit FNV-1a hash of a string: turns (seed, code, purpose) into a stream seed. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: fast, 32-bit state, good enough statistical quality for price noise. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal variates (Box-Muller, both values used). */
export function normalStream(uniform: () => number): () => number {
  let spare: number | undefined;
  return () => {
    if (spare !== undefined) {
      const s = spare;
      spare = undefined;
      return s;
    }
    let u = 0;
    while (u === 0) u = uniform();
    const v = uniform();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
}

/** A seeded normal stream for one purpose of one instrument. */
export function seededNormal(seed: number | string, code: string, purpose: string): () => number {
  return normalStream(mulberry32(hash32(`${seed}|${code}|${purpose}`)));
}
