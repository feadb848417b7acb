/**
 * Where the service lives. Same origin by default (the service serves the app); a separate host
 * can be configured at build time with VITE_API_BASE / VITE_WS_URL.
 */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export function feedUrl(): string {
  const configured = import.meta.env.VITE_WS_URL as string | undefined;
  if (configured) return configured;
  const base = API_BASE ? new URL(API_BASE, location.href) : new URL(location.href);
  return `${base.protocol === 'https:' ? 'wss:' : 'ws:'}//${base.host}/ws`;
}
