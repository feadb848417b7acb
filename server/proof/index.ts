/**
 * The door of the proof domain: what other domains may use of it. Everything else in server/proof/ is its own
 * (lint refuses an import of another domain's module other than its index.ts, and of its tables).
 */
export { latestAttested } from './reserves/holdings.ts';
