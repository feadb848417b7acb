/**
 * Prepared statements kept per database (issue 26). The hottest reads are built once with
 * placeholders and run by name: drizzle does not build their SQL again at each request, and
 * PostgreSQL parses and plans each once per connection. A statement's name must stand for one
 * text only (node-postgres refuses the same name with another text on a connection), so a read
 * whose filters vary names each combination apart.
 */
import type { Db } from './client.ts';

const byDb = new WeakMap<Db, Map<string, unknown>>();

/** The statement `name` of `db`, built by `build` the first time it is asked for. */
export function preparedOnce<T>(db: Db, name: string, build: () => T): T {
  let mine = byDb.get(db);
  if (!mine) byDb.set(db, (mine = new Map()));
  let statement = mine.get(name) as T | undefined;
  if (statement === undefined) mine.set(name, (statement = build()));
  return statement;
}
