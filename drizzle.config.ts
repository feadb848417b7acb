import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // the platform's tables, and the domains that keep their own (server/chain: docs/wallet.md)
  schema: ['./server/db/schema/index.ts', './server/chain/schema.ts'],
  out: './server/db/migrations',
  casing: 'snake_case',
});
