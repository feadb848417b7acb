/**
 * Why a flow did not go through, as the flow machines keep it in their `failed` state.
 *
 * Two sources, one shape: the service refused (or could not be reached), and the error it threw
 * already carries the catalogue code and its text in the user's language; or a guard found the
 * values unfit before anything was sent, and the machine (which knows no language) names the
 * text by its i18n key with parameters, for the view to translate.
 */
export interface Refusal {
  /** the catalogue code (`Err.X`); null for a network failure or a form problem the catalogue has no code for */
  code: number | null;
  /** the service's text, already in the user's language (absent for a refusal found before sending) */
  message?: string;
  /** i18n key of the text of a refusal found before sending, e.g. `errors:10042` or `app:auth.errors.codeRequired` */
  key?: string;
  /** parameters of that text; a `{ key }` value is itself translated first (the rule a malformed field breaks) */
  params?: Record<string, string | { key: string }>;
}

/** An actor's check that needs I/O (a proof image's bytes) refuses with this, before sending anything. */
export class Refused extends Error {
  override readonly name = 'Refused';
  constructor(readonly refusal: Refusal) {
    super(refusal.key ?? refusal.message ?? 'refused');
  }
}

/** The refusal carried by what an actor threw: a Refused, or a service error with `code` and `message` (ApiError). */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof Refused) return error.refusal;
  const e = error as { code?: unknown; message?: unknown } | null;
  return {
    code: typeof e?.code === 'number' ? e.code : null,
    message: typeof e?.message === 'string' ? e.message : String(error),
  };
}

/** A catalogue refusal found before sending: its text is the catalogue's (`errors:<code>`). */
export const refused = (code: number, params?: Refusal['params']): Refusal =>
  params ? { code, key: `errors:${code}`, params } : { code, key: `errors:${code}` };

/** A form problem the catalogue has no code for (an empty field): its text is an app key. */
export const problem = (key: string): Refusal => ({ code: null, key: `app:${key}` });
