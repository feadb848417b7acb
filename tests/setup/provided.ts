/** What tests/setup/databaseTemplates.ts provides to the tests of each project (vitest's inject). */
export {};

declare module 'vitest' {
  interface ProvidedContext {
    /** a file holding a migrated PGlite's dump (server project) */
    pgliteTemplate: string;
    /** the name of a migrated PostgreSQL database to copy (server-pg project) */
    pgTemplate: string;
    /** a migrated PGlite data directory to copy (browser project) */
    pgliteDirTemplate: string;
    /** entry (from the project root) → its bundle for this run (serviceBundles.ts) */
    serviceBundles: Record<string, string>;
  }
}
