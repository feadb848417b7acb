import { ofetch, FetchError } from 'ofetch';
import { REQUEST_TIMEOUT_MS, VIRTUALLY_HEADER } from '../contract/constants.ts';
import { i18n } from '../i18n/index.ts';
import { API_BASE } from './config.ts';
import { getSettings } from './settings.ts';
import { toQueryString, type QueryValue } from './query.ts';
import { toast } from './toast.ts';

/** Body codes that are successes: 200 and the success notices 20001–20005 (spec section 8). */
export const isSuccessCode = (code: number) => code === 200 || (code >= 20001 && code <= 20005);

export class ApiError extends Error {
  constructor(
    readonly code: number | null,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

interface Envelope<T> {
  code: number;
  msg: string;
  result: T | null;
}

/** The session actor subscribes here: body 401 → logout; HTTP 401 → logout and wipe local storage. */
type UnauthorizedListener = (http: boolean) => void;
let onUnauthorized: UnauthorizedListener = () => {};
export function setUnauthorizedListener(fn: UnauthorizedListener): void {
  onUnauthorized = fn;
}

/**
 * A catalogue code in the user's language. The server already localises `msg` with our `lang`
 * header and fills parameters ({{limit}}); the local catalogue wins when it needs no parameters,
 * so a message reads in the language now on screen.
 */
export function messageFor(code: number | null, serverMsg?: string): string {
  if (code === null) return i18n.t('app:errors.unknown');
  const key = `errors:${code}`;
  if (i18n.exists(key)) {
    const text = i18n.t(key);
    if (!text.includes('{{')) return text;
  }
  return serverMsg || i18n.t('app:errors.unknown');
}

export function requestHeaders(): Record<string, string> {
  const s = getSettings();
  const headers: Record<string, string> = {
    [VIRTUALLY_HEADER]: s.virtualStatus === 1 ? 'NO' : 'YES',
    lang: s.language,
  };
  if (s.token) headers.Authorization = s.token;
  return headers;
}

const client = ofetch.create({ baseURL: API_BASE || undefined, timeout: REQUEST_TIMEOUT_MS, retry: 0 });

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown> | FormData;
  signal?: AbortSignal;
  /** Refusals the caller shows itself (e.g. next to a form field) are not toasted. */
  quiet?: boolean;
}

/** One API call: headers, envelope, 401 handling and the generic toast (spec section 7). */
export async function call<T>(path: string, opts: CallOptions = {}): Promise<T> {
  let env: Envelope<T>;
  try {
    env = await client<Envelope<T>>(path + toQueryString(opts.query), {
      method: opts.method ?? 'GET',
      body: opts.body,
      headers: requestHeaders(),
      signal: opts.signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw new ApiError(null, 'aborted');
    const status = e instanceof FetchError ? e.response?.status : undefined;
    const data = e instanceof FetchError ? (e.data as Partial<Envelope<T>> | undefined) : undefined;
    if (status === 401) {
      onUnauthorized(true);
      throw new ApiError(401, messageFor(401), 401);
    }
    // a malformed request (HTTP 400) still carries a catalogue code
    if (data && typeof data.code === 'number') {
      const text = messageFor(data.code, data.msg);
      if (!opts.quiet) toast(text);
      throw new ApiError(data.code, text, status);
    }
    const text = i18n.t('app:errors.network');
    toast(text);
    throw new ApiError(null, text, status);
  }
  if (env && isSuccessCode(env.code)) return env.result as T;
  if (env?.code === 401) {
    onUnauthorized(false);
    throw new ApiError(401, messageFor(401, env.msg));
  }
  const text = messageFor(env?.code ?? null, env?.msg);
  if (!opts.quiet) toast(text);
  throw new ApiError(env?.code ?? null, text);
}

/**
 * A file from the API (e.g. statement.csv) with the same headers as every call. A refusal comes
 * back as the JSON envelope instead of the file: it is handled like any other call's.
 */
export async function download(path: string, opts: { query?: Record<string, QueryValue>; signal?: AbortSignal } = {}): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch((API_BASE || '') + path + toQueryString(opts.query), { headers: requestHeaders(), signal: opts.signal });
  } catch {
    if (opts.signal?.aborted) throw new ApiError(null, 'aborted');
    const text = i18n.t('app:errors.network');
    toast(text);
    throw new ApiError(null, text);
  }
  if (res.status === 401) {
    onUnauthorized(true);
    throw new ApiError(401, messageFor(401), 401);
  }
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await res.json().catch(() => null)) as Envelope<unknown> | null;
    if (env?.code === 401) {
      onUnauthorized(false);
      throw new ApiError(401, messageFor(401, env.msg));
    }
    const text = messageFor(env?.code ?? null, env?.msg);
    toast(text);
    throw new ApiError(env?.code ?? null, text, res.status);
  }
  if (!res.ok) {
    const text = i18n.t('app:errors.network');
    toast(text);
    throw new ApiError(null, text, res.status);
  }
  return res.blob();
}
