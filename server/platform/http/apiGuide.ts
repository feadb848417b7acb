/**
 * The API guide beside the contract: docs/api.md served at /docs/api, where the OpenAPI page
 * (/docs) links to it (server/platform/http/openApi.ts). Read once at start; plain text, so the
 * browser shows it as written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

export const API_GUIDE_PATH = '/docs/api';
const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/api.md');

export async function apiGuide(app: FastifyInstance): Promise<void> {
  const text = fs.readFileSync(file, 'utf8');
  app.get(API_GUIDE_PATH, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').send(text),
  );
}
