import { REQUEST_TIMEOUT_MS, VIRTUALLY_HEADER, type Book, type Language } from '../../contract/constants.ts';
import { Err } from '../../contract/errors.ts';
import { i18n } from '../../i18n/index.ts';
import { API_BASE } from './config.ts';
import { getSettings, sessionToken } from './settings.ts';
import { toQueryString, type QueryValue } from './query.ts';
import { STEP_UP_HEADER } from '../../contract/twoFactorRules.ts';

/**
 * The HTTP client (docs/frontend.md, "HTTP client"). A call returns the envelope's `result` or
 * throws an ApiError; it never shows anything. Whoever owns the flow decides what the user sees:
 * a query's view renders its error state, a flow machine its failed state, and the query cache
 * at the app root toasts only failures nobody is looking at (background refetches, mutations
 * whose screen does not show errors itself).
 */

/** Body codes that are successes: 200 and the success notices 20001–20005. */
export const isSuccessCode = (code: number) => code === 200 || (code >= 20001 && code <= 20005);

/**
 * Why a call failed: `refused` (the service answered with a catalogue code), `unauthorized`
 * (401: the session actor has been told and logs out), `network` (no answer, a timeout or an
 * answer that is not our envelope), `aborted` (the caller's signal).
 */
export type ApiErrorKind = 'refused' | 'unauthorized' | 'network' | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    /** the catalogue code (null when there is none: network, aborted) */
    readonly code: number | null,
    /** the catalogue text in the user's language */
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}
export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

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
 * A catalogue code in the user's language. The service already localises `msg` with our `lang`
 * header and fills parameters ({{limit}}); the local catalogue wins when it needs no parameters,
 * so a message reads in the language now on screen.
 */
export function messageFor(code: number | null, serverMsg?: string, path = ''): string {
  if (code === null) return i18n.t('app:errors.unknown');
  // 10030's detail is the schema's wording ("body/txHash must match pattern …"): customers read
  // what to do instead; the operator console keeps the detail, which names the field it refused
  if (code === Err.MALFORMED_REQUEST && !path.startsWith('/admin-api')) return i18n.t('app:newuser.fix.general');
  const key = `errors:${code}`;
  if (i18n.exists(key)) {
    const text = i18n.t(key);
    if (!text.includes('{{')) return text;
  }
  return serverMsg || i18n.t('app:errors.unknown');
}

/**
 * The book and language a request is for. Queries pass the ones in their key, so the answer
 * cached under a key is always the answer for that key; anything left out is the current setting.
 */
export interface RequestScope {
  book?: Book;
  language?: Language;
}

/** The `virtually` header: NO = demo book, YES = real book (the wire's names, only here). */
const VIRTUALLY: Record<Book, 'NO' | 'YES'> = { demo: 'NO', real: 'YES' };

export function requestHeaders(scope: RequestScope = {}): Record<string, string> {
  const s = getSettings();
  const headers: Record<string, string> = {
    [VIRTUALLY_HEADER]: VIRTUALLY[scope.book ?? s.book],
    lang: scope.language ?? s.language,
  };
  const token = sessionToken();
  if (token) headers.Authorization = token;
  return headers;
}

/** Aborts when either does (AbortSignal.any where the browser has it). */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const c = new AbortController();
  const abort = () => c.abort();
  a.addEventListener('abort', abort, { once: true });
  b.addEventListener('abort', abort, { once: true });
  return c.signal;
}

interface Answer {
  status: number;
  ok: boolean;
  /** the parsed JSON body; undefined when the body is empty or not JSON (a proxy's page) */
  data: unknown;
}

/**
 * The request itself, on the browser's fetch (no client library: the home page's JavaScript
 * budget, docs/performance.md). JSON bodies are sent as JSON, FormData as multipart; the answer
 * is read as JSON when it is JSON. Times out after REQUEST_TIMEOUT_MS; never retries.
 */
async function send(path: string, opts: CallOptions): Promise<Answer> {
  const form = opts.body instanceof FormData;
  const headers = { ...requestHeaders(opts.scope), ...opts.headers };
  if (form && opts.onUploadProgress)
    return sendWithProgress(path, opts.body as FormData, headers, opts.onUploadProgress, opts.signal);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? eitherSignal(opts.signal, timeout) : timeout;
  if (opts.body !== undefined && !form) headers['content-type'] = 'application/json';
  const res = await fetch((API_BASE || '') + path + toQueryString(opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : form ? (opts.body as FormData) : JSON.stringify(opts.body),
    signal,
  });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  return { status: res.status, ok: res.ok, data };
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown> | FormData;
  signal?: AbortSignal;
  scope?: RequestScope;
  /** a FormData upload that reports how much was sent (0..1): sent with XMLHttpRequest, the one browser API that tells */
  onUploadProgress?: (fraction: number) => void;
  /** extra headers (the step-up code, added by `call` itself when the service asks for one) */
  headers?: Record<string, string>;
}

/**
 * Step-up (docs/security.md, "Two-factor sign-in"): with two-factor sign-in on, some calls (a
 * withdrawal, a password change, an operator's money review) need a fresh authenticator code.
 * The service refuses them with 10212; `call` then asks the registered prompt (the step-up
 * dialog, src/services/auth/stepUpFlow.ts) for a code and sends the same call again with it;
 * a wrong or used code asks again with its refusal, until the user cancels (the refusal then
 * reaches the flow that made the call, as any other).
 */
export type StepUpPrompt = (refusal: string | null) => Promise<string | null>;
let stepUpPrompt: StepUpPrompt | null = null;
export function setStepUpPrompt(fn: StepUpPrompt | null): void {
  stepUpPrompt = fn;
}
const STEP_UP_CODES: readonly number[] = [Err.TWO_FACTOR_CODE_REQUIRED, Err.TWO_FACTOR_CODE_WRONG, Err.TWO_FACTOR_CODE_USED];

/**
 * A multipart POST that reports its upload progress (fetch cannot). Same headers, same answer
 * shape; no timeout while bytes are still moving (a phone on a slow link uploads for a while),
 * the caller's signal aborts.
 */
function sendWithProgress(
  path: string,
  body: FormData,
  headers: Record<string, string>,
  onProgress: (f: number) => void,
  signal?: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', (API_BASE || '') + path);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      resolve({ status: xhr.status, ok: xhr.status >= 200 && xhr.status < 300, data });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

const networkError = (status?: number) => new ApiError('network', null, i18n.t('app:errors.network'), status);
const unauthorized = (http: boolean, serverMsg?: string) => {
  onUnauthorized(http);
  return new ApiError('unauthorized', 401, messageFor(401, serverMsg), http ? 401 : undefined);
};

/** One API call: headers, envelope, 401 handling and the step-up code when the service asks for one. */
export async function call<T>(path: string, opts: CallOptions = {}): Promise<T> {
  try {
    return await callOnce<T>(path, opts);
  } catch (e) {
    const asked =
      isApiError(e) &&
      e.code !== null &&
      // an operator's closed review window asks for the code that opens it (docs/security.md, "Review window")
      (e.code === Err.TWO_FACTOR_CODE_REQUIRED ||
        e.code === Err.REVIEW_WINDOW_CLOSED ||
        (opts.headers?.[STEP_UP_HEADER] !== undefined && STEP_UP_CODES.includes(e.code)));
    if (!asked || !stepUpPrompt || opts.signal?.aborted) throw e;
    const code = await stepUpPrompt(e.code === Err.TWO_FACTOR_CODE_REQUIRED ? null : e.message);
    if (code === null) throw e;
    return call<T>(path, { ...opts, headers: { ...opts.headers, [STEP_UP_HEADER]: code } });
  }
}

async function callOnce<T>(path: string, opts: CallOptions): Promise<T> {
  let answer: Answer;
  try {
    answer = await send(path, opts);
  } catch {
    if (opts.signal?.aborted) throw new ApiError('aborted', null, 'aborted');
    throw networkError();
  }
  if (!answer.ok) {
    const data = answer.data as Partial<Envelope<T>> | undefined;
    if (answer.status === 401) throw unauthorized(true);
    // a malformed request (HTTP 400) still carries a catalogue code
    if (data && typeof data.code === 'number')
      throw new ApiError('refused', data.code, messageFor(data.code, data.msg, path), answer.status);
    throw networkError(answer.status);
  }
  const env = answer.data as Envelope<T> | undefined;
  if (env && isSuccessCode(env.code)) return env.result as T;
  if (env?.code === 401) throw unauthorized(false, env.msg);
  // an answer that is not our envelope (a proxy's page): no catalogue code to show
  if (!env || typeof env.code !== 'number') throw new ApiError('network', null, messageFor(null));
  throw new ApiError('refused', env.code, messageFor(env.code, env.msg, path));
}

/**
 * A file from the API (e.g. statement.csv) with the same headers as every call. A refusal comes
 * back as the JSON envelope instead of the file: it is thrown like any other call's.
 */
export async function download(
  path: string,
  opts: { query?: Record<string, QueryValue>; signal?: AbortSignal; scope?: RequestScope } = {},
): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch((API_BASE || '') + path + toQueryString(opts.query), {
      headers: requestHeaders(opts.scope),
      signal: opts.signal,
    });
  } catch {
    if (opts.signal?.aborted) throw new ApiError('aborted', null, 'aborted');
    throw networkError();
  }
  if (res.status === 401) throw unauthorized(true);
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await res.json().catch(() => null)) as Envelope<unknown> | null;
    if (env?.code === 401) throw unauthorized(false, env.msg);
    if (!env || typeof env.code !== 'number') throw new ApiError('network', null, messageFor(null), res.status);
    throw new ApiError('refused', env.code, messageFor(env.code, env.msg), res.status);
  }
  if (!res.ok) throw networkError(res.status);
  return res.blob();
}
