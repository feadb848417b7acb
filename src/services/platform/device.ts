/** Desktop or mobile shell, decided by the user agent (docs/products.md, section 1). Pure, so it is unit-tested. */
export const MOBILE_UA = /Android|iPhone|iPod|iPad|Mobile|webOS|BlackBerry|IEMobile|Opera Mini|HarmonyOS/i;

export type Shell = 'desktop' | 'mobile';
export function shellFor(userAgent: string): Shell {
  return MOBILE_UA.test(userAgent) ? 'mobile' : 'desktop';
}
