/**
 * The door of the loans domain: what other domains may use of it. Everything else in server/loans/ is its own
 * (lint refuses an import of another domain's module other than its index.ts, and of its tables).
 */
export { debtOf } from './view.ts';
export { openLoansOf } from './openOf.ts';
