import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // every domain's tables are its own schema file (server/<domain>/schema.ts, or <name>Schema.ts beside it)
  schema: ['./server/**/schema.ts', './server/**/*Schema.ts'],
  out: './server/platform/db/migrations',
  casing: 'snake_case',
});
