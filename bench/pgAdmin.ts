/** The PostgreSQL server the benchmarks create their databases on (BENCH_PG_ADMIN_URL), and its admin helpers. */
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the admin server. */
export function dbUrl(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on the admin connection (CREATE / DROP DATABASE). */
export async function admin(statement: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}
