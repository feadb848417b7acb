import { Check, Errors } from 'typebox/value';
import type { TSchema } from 'typebox';
import { Err } from '../contract/errors.ts';
import { refused, type Refusal } from './refusal.ts';

/**
 * The last check of a flow's guard: the body it would send against the contract's schema, the
 * one the service validates it with. A body the schema refuses is what the service would answer
 * with 10030; the refusal names the field, or the rule it breaks when the form explains one
 * (`rules`: field path → i18n key, e.g. '/txHash' → 'app:wallet.txHashRule').
 */
export function schemaRefusal(schema: TSchema, body: unknown, rules: Record<string, string> = {}): Refusal | null {
  if (Check(schema, body)) return null;
  const path = Errors(schema, body)[0]?.instancePath ?? '';
  return refused(Err.MALFORMED_REQUEST, { detail: rules[path] ? { key: rules[path] } : path.slice(1) });
}
