/** A version like 2026-11-23.1 kept left to right inside right-to-left text (Unicode isolates). */
export const isolate = (v: string) => `\u2066${v}\u2069`;
