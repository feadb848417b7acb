/**
 * Where the shells' chrome shows. The destinations of the top bar and the tab bar are declared by
 * the domains' manifests (src/services/<domain>/manifest.ts) and handed down by the app
 * (src/views/platform/app/composition.tsx, useDestinations).
 */

export const isActive = (to: string, path: string) => (to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`));
