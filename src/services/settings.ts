import { createStore } from '@xstate/store';
import { DEFAULT_LANGUAGE, type Language } from '../contract/constants.ts';
import { normaliseLanguage } from '../i18n/languages.ts';
import type { UserInfo } from './types.ts';

/** Local settings (spec section 3). virtualStatus 1 = demo book (the default), 0 = real book. */
export interface Settings {
  token: string | null;
  userInfo: UserInfo | null;
  isLogin: boolean;
  language: Language;
  virtualStatus: 0 | 1;
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
    virtualStatus: parse<unknown>(local.getItem(KEYS.virtualStatus), 1) === 0 ? 0 : 1,
    showBoard: parse<unknown>(session.getItem(KEYS.showBoard), true) !== false,
  };
}

export function writeSettings(s: Settings, local: KeyValueStorage, session: KeyValueStorage): void {
  const put = (store: KeyValueStorage, key: string, value: unknown) =>
    value == null ? store.removeItem(key) : store.setItem(key, JSON.stringify(value));
  put(local, KEYS.token, s.token);
  put(local, KEYS.userInfo, s.userInfo);
  put(local, KEYS.isLogin, s.isLogin);
  put(local, KEYS.language, s.language);
  put(local, KEYS.virtualStatus, s.virtualStatus);
  put(session, KEYS.showBoard, s.showBoard);
}

const memory = (): KeyValueStorage => {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k), clear: () => m.clear() };
};
const hasDom = typeof window !== 'undefined' && typeof window.localStorage !== 'undefined';
const local: KeyValueStorage = hasDom ? window.localStorage : memory();
const session: KeyValueStorage = hasDom ? window.sessionStorage : memory();

export const settings = createStore({
  context: readSettings(local, session),
  on: {
    login: (ctx, e: { token: string; userInfo: UserInfo | null }) => ({ ...ctx, token: e.token, userInfo: e.userInfo, isLogin: true }),
    userInfo: (ctx, e: { userInfo: UserInfo }) => ({ ...ctx, userInfo: e.userInfo }),
    logout: (ctx) => ({ ...ctx, token: null, userInfo: null, isLogin: false }),
    /** HTTP 401: everything stored locally goes (spec section 4); the language stays for this page. */
    wipe: (ctx) => ({ ...ctx, token: null, userInfo: null, isLogin: false, virtualStatus: 1 as const }),
    language: (ctx, e: { language: Language }) => ({ ...ctx, language: e.language }),
    virtualStatus: (ctx, e: { virtualStatus: 0 | 1 }) => ({ ...ctx, virtualStatus: e.virtualStatus }),
    dismissBoard: (ctx) => ({ ...ctx, showBoard: false }),
  },
});

let wiping = false;
settings.subscribe((snap) => {
  if (wiping) return;
  writeSettings(snap.context, local, session);
});
/** HTTP 401: clears all local storage (spec section 4); the session-scoped board flag is untouched. */
export function wipeLocalStorage(): void {
  wiping = true;
  settings.trigger.wipe();
  wiping = false;
  local.clear();
}

export const getSettings = (): Settings => settings.getSnapshot().context;
