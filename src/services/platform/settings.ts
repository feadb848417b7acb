import { createStore } from '@xstate/store';
import { DEFAULT_LANGUAGE, type Book, type Language } from '../../contract/constants.ts';
import { normaliseLanguage } from '../../i18n/languages.ts';
import type { UserInfo } from './types.ts';

/**
 * Local settings (docs/frontend.md, "Session token and book"). Inside the app the account mode is a
 * `book` ('demo' | 'real'); storage keeps the published key `virtualStatus` (1 = demo, the
 * default; 0 = real), so the translation happens only in readSettings / writeSettings.
 *
 * This store is the one owner of the session token: only the session actor's provided actions
 * (src/views/platform/app/actors.tsx) write it, and everything that needs it (the HTTP client, the user
 * channel of the websocket) reads it through `sessionToken()`.
 */
export interface Settings {
  token: string | null;
  userInfo: UserInfo | null;
  isLogin: boolean;
  language: Language;
  book: Book;
  showBoard: boolean;
}

export const KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  isLogin: 'isLogin',
  language: 'language',
  virtualStatus: 'virtualStatus',
  showBoard: 'showBoard',
} as const;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

function parse<T>(raw: string | null, fallback: T): T {
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** The stored `virtualStatus` (0 = real, anything else = demo) and back. */
const bookFromStored = (v: unknown): Book => (v === 0 ? 'real' : 'demo');
const bookToStored = (book: Book): 0 | 1 => (book === 'real' ? 0 : 1);

/** Reads the stored settings synchronously (before the first paint). Garbage falls back to defaults. */
export function readSettings(local: KeyValueStorage, session: KeyValueStorage): Settings {
  const token = parse<unknown>(local.getItem(KEYS.token), null);
  const userInfo = parse<unknown>(local.getItem(KEYS.userInfo), null);
  const validToken = typeof token === 'string' && token.length > 0 ? token : null;
  return {
    token: validToken,
    userInfo: userInfo && typeof userInfo === 'object' ? (userInfo as UserInfo) : null,
    isLogin: validToken !== null && parse<unknown>(local.getItem(KEYS.isLogin), false) === true,
    language: normaliseLanguage(parse<unknown>(local.getItem(KEYS.language), DEFAULT_LANGUAGE)),
    book: bookFromStored(parse<unknown>(local.getItem(KEYS.virtualStatus), 1)),
    // dismissed once, the board stays away in every tab (local storage); earlier versions kept it per tab
    showBoard:
      parse<unknown>(local.getItem(KEYS.showBoard), true) !== false &&
      parse<unknown>(session.getItem(KEYS.showBoard), true) !== false,
  };
}

export function writeSettings(s: Settings, local: KeyValueStorage): void {
  const put = (store: KeyValueStorage, key: string, value: unknown) =>
    value == null ? store.removeItem(key) : store.setItem(key, JSON.stringify(value));
  put(local, KEYS.token, s.token);
  put(local, KEYS.userInfo, s.userInfo);
  put(local, KEYS.isLogin, s.isLogin);
  put(local, KEYS.language, s.language);
  put(local, KEYS.virtualStatus, bookToStored(s.book));
  put(local, KEYS.showBoard, s.showBoard);
}

const memory = (): KeyValueStorage => {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
  };
};
const hasDom = typeof window !== 'undefined' && typeof window.localStorage !== 'undefined';
const local: KeyValueStorage = hasDom ? window.localStorage : memory();
const session: KeyValueStorage = hasDom ? window.sessionStorage : memory();

export const settings = createStore({
  context: readSettings(local, session),
  on: {
    // someone who signed in here is past the welcome board: it does not come back on this device
    login: (ctx, e: { token: string; userInfo: UserInfo | null }) => ({
      ...ctx,
      token: e.token,
      userInfo: e.userInfo,
      isLogin: true,
      showBoard: false,
    }),
    userInfo: (ctx, e: { userInfo: UserInfo }) => ({ ...ctx, userInfo: e.userInfo }),
    logout: (ctx) => ({ ...ctx, token: null, userInfo: null, isLogin: false }),
    /** HTTP 401: everything stored locally goes; the language stays for this page. */
    wipe: (ctx) => ({ ...ctx, token: null, userInfo: null, isLogin: false, book: 'demo' as const }),
    language: (ctx, e: { language: Language }) => ({ ...ctx, language: e.language }),
    book: (ctx, e: { book: Book }) => ({ ...ctx, book: e.book }),
    dismissBoard: (ctx) => ({ ...ctx, showBoard: false }),
  },
});

let wiping = false;
settings.subscribe((snap) => {
  if (wiping) return;
  writeSettings(snap.context, local);
});
/** HTTP 401: clears all local storage; the session-scoped board flag is untouched. */
export function wipeLocalStorage(): void {
  wiping = true;
  settings.trigger.wipe();
  wiping = false;
  local.clear();
}

export const getSettings = (): Settings => settings.getSnapshot().context;

/** The session token, read here and nowhere else (null when logged out). */
export const sessionToken = (): string | null => {
  const s = settings.getSnapshot().context;
  return s.isLogin ? s.token : null;
};
