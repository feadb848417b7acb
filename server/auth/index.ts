/**
 * The door of the auth domain: what other domains may use of it. Everything else in server/auth/ is its own
 * (lint refuses an import of another domain's module other than its index.ts, and of its tables).
 */
export { type UserRow, createUser, userByTarget, userByUsername } from './accounts.ts';
export { assertPasswordAllowed, hashPassword } from './passwords.ts';
export { passwordWordsOf } from './passwordStrength.ts';
export { type SessionCache } from './sessionCache.ts';
export { type SessionUser, findSessionUser, hashToken, revokeOtherSessions } from './sessions.ts';
export { normaliseEmail } from './targets.ts';
