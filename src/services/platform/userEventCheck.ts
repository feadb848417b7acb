import type { TSchema } from 'typebox';
import { Check } from 'typebox/value';
import { USER_EVENTS } from '../../contract/userEvents.ts';
import type { UserEvent } from '../../machines/platform/userEvents.ts';
import { asUserEvent } from '../../contract/userEventKinds.ts';

/**
 * The browser's check of a user event where it arrives (src/services/platform/userSocket.ts): the
 * event's shape, then its parameters against the contract's schema for its kind
 * (src/contract/userEvents.ts), the same the service publishes with. A malformed event is dropped,
 * reported (console.warn) and counted, so no screen, toast or invalidation reads a parameter the
 * contract does not promise. A kind this build does not know is kept, as asUserEvent says (a newer
 * service may send it: the bell counts it and the whole real book is stale).
 *
 * Loaded with the first event, not with the home page: the schemas and the checker stay out of the
 * entry chunk. TypeBox's value checker, not its compiled one: the compiled one first tries to
 * evaluate generated code, which the app's Content-Security-Policy (no 'unsafe-eval') refuses and
 * the browser reports as a violation.
 */
const SCHEMAS: Readonly<Record<string, TSchema>> = USER_EVENTS;

/**
 * The documented event shape (kind, parameters, references), or null; the parameters as sent
 * (checkUserEvent checks them against their kind's schema).
 */
export function parseUserEvent(raw: unknown): UserEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as Record<string, unknown>;
  if (typeof e.kind !== 'string' || e.kind.length > 60) return null;
  const params =
    e.params && typeof e.params === 'object' && !Array.isArray(e.params) ? (e.params as Record<string, unknown>) : {};
  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
  return asUserEvent({ kind: e.kind, params, refType: str(e.refType), refId: str(e.refId), id: str(e.id) ?? undefined });
}

let refused = 0;

/** How many user events this page has refused since it loaded. */
export const refusedUserEvents = (): number => refused;

export function checkUserEvent(raw: unknown): UserEvent | null {
  const event = parseUserEvent(raw);
  const schema = event && Object.hasOwn(SCHEMAS, event.kind) ? SCHEMAS[event.kind] : undefined;
  const params = raw && typeof raw === 'object' ? (raw as { params?: unknown }).params : undefined;
  if (event && (!schema || Check(schema, params))) return event;
  refused += 1;
  console.warn('user event refused: it does not match its schema (src/contract/userEvents.ts)', raw);
  return null;
}
