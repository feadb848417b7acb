import { Check, Errors } from 'typebox/value';
import type { TSchema } from 'typebox';
import { Err } from '../../contract/errors.ts';
import type { Refusal } from './refusal.ts';

/**
 * What to do about a field the contract's schema refuses, in the user's words (app:newuser.fix.*):
 * never the schema's own wording. A field without its own text gets the general one.
 */
const FIELD_FIXES: Record<string, string> = {
  '/txHash': 'app:newuser.fix.txHash',
  '/proofLast6': 'app:newuser.fix.proofLast6',
  '/password': 'app:newuser.fix.password',
  '/oldPassword': 'app:newuser.fix.password',
  '/confirmPassword': 'app:newuser.fix.password',
  '/username': 'app:newuser.fix.username',
  '/email': 'app:newuser.fix.email',
  '/account': 'app:newuser.fix.account',
  '/phone': 'app:newuser.fix.phone',
  '/code': 'app:newuser.fix.code',
  '/inviteCode': 'app:newuser.fix.inviteCode',
  '/amount': 'app:newuser.fix.amount',
};
const GENERAL_FIX = 'app:newuser.fix.general';

/**
 * The last check of a flow's guard: the body it would send against the contract's schema, the
 * one the service validates it with. A body the schema refuses is what the service would answer
 * with 10030 (the code is kept, for the screen and the tests); the text says what to do about the
 * first field it refuses (`rules` may name a form's own text for a field path, e.g.
 * '/txHash' → 'app:newuser.fix.txHash').
 */
export function schemaRefusal(schema: TSchema, body: unknown, rules: Record<string, string> = {}): Refusal | null {
  if (Check(schema, body)) return null;
  const path = Errors(schema, body)[0]?.instancePath ?? '';
  return { code: Err.MALFORMED_REQUEST, key: rules[path] ?? FIELD_FIXES[path] ?? GENERAL_FIX };
}
