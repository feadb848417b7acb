/**
 * Where the shells' chrome shows. The destinations of the top bar and the tab bar are declared by
 * the domains' manifests (src/services/<domain>/manifest.ts) and handed down by the app
 * (src/views/platform/app/composition.tsx, useDestinations).
 */

/** Footer and tab bar are hidden on reset, login and register; all chrome on the Google callback. */
export const isAuthPage = (path: string) => ['/pass/reset', '/pass/login', '/pass/register'].includes(path);
export const isBareRoute = (path: string) => path === '/api/loginCallback/google';
export const isActive = (to: string, path: string) => (to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`));
