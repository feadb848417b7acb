/**
 * The served API contract passes its lint (issue 43; docs/api.md, "The contract"): the document
 * the running platform serves at /docs/json, linted by Spectral with .spectral.yaml (spectral:oas
 * plus our rules: every operation has its id, summary, description and the refusal codes it
 * answers). Any error or warning fails. A second run on the same document with one operation's
 * RouteDoc taken away proves the rules name such a route. Once, on PGlite (vitest.config.ts): the
 * document does not depend on the database.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers.ts';
import { API_KEY_ROUTES } from '../../../server/auth/apiKeys/scopes.ts';

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-contract-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Spectral's exit status and its report on one document, failing at warnings too. */
function lint(doc: Doc, name: string): Promise<{ status: number | null; out: string }> {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(doc));
  const bin = path.resolve('node_modules/.bin/spectral');
  return new Promise((resolve) => {
    const child = spawn(bin, ['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', '--format', 'text']);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (status) => resolve({ status, out }));
  });
}

describe('the served OpenAPI document', () => {
  const t = useTestApp();
  let served: Doc;
  beforeAll(async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    served = res.json() as Doc;
  });

  it('Spectral (spectral:oas and .spectral.yaml) reports no error and no warning; a route without its RouteDoc is named', async () => {
    const bare = structuredClone(served);
    const op = bare.paths['/swx/customer/order/buyOptions'].post;
    delete op.operationId;
    delete op['x-refusals'];
    // both at once: each run is mostly Spectral's start-up
    const [clean, broken] = await Promise.all([lint(served, 'served'), lint(bare, 'bare')]);
    expect(clean.out).not.toMatch(/\b(error|warning)\b/);
    expect(clean.status, clean.out).toBe(0);
    expect(broken.status).not.toBe(0);
    // exactly the two findings of that operation
    const findings = broken.out.split('\n').filter((l) => /\b(error|warning)\b/.test(l));
    expect(findings, broken.out).toHaveLength(2);
    expect(findings.join('\n')).toMatch(/operation-operationId[\s\S]*operation-refusals/);
  });

  it('the document links to the guide, which the service serves at /docs/api', async () => {
    const info = (served as unknown as { info: { description: string; contact: { url: string } } }).info;
    expect(info.description).toContain('(/docs/api)');
    expect(info.contact.url).toMatch(/\/docs\/api$/);
    const guide = await t.app.inject({ url: '/docs/api' });
    expect(guide.statusCode).toBe(200);
    expect(guide.headers['content-type']).toMatch(/^text\/plain/);
    expect(guide.body).toContain('## The contract');
    expect(guide.body).toContain('## Authentication with an API key');
  });

  it('the routes an API key may call say so (the signed headers instead of the session); no other does', () => {
    const signed = { apiKey: [], apiTimestamp: [], apiSignature: [] };
    const schemes = (served as unknown as { components: { securitySchemes: Record<string, { name: string }> } }).components
      .securitySchemes;
    expect(Object.values(schemes).map((s) => s.name)).toEqual([
      'Authorization',
      'X-API-KEY',
      'X-API-TIMESTAMP',
      'X-API-SIGNATURE',
    ]);
    for (const [p, byMethod] of Object.entries(served.paths))
      for (const [m, o] of Object.entries(byMethod)) {
        const keyed = `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}` in API_KEY_ROUTES;
        expect(o.security ?? [], `${m} ${p}`).toEqual(keyed ? [{ token: [] }, signed] : (o.security ?? []));
        if (!keyed) expect(JSON.stringify(o.security ?? []), `${m} ${p}`).not.toContain('apiKey');
      }
    expect(Object.keys(API_KEY_ROUTES).length).toBeGreaterThan(20);
  });

  it('every operation lists its refusals with their meaning, and its description says who may call it', () => {
    const ops = Object.entries(served.paths).flatMap(([p, byMethod]) => Object.entries(byMethod).map(([m, o]) => ({ p, m, o })));
    expect(ops.length).toBeGreaterThan(150);
    for (const { p, m, o } of ops) {
      const codes = o['x-refusals'] as Array<{ code: number; meaning: string }>;
      expect(Array.isArray(codes), `${m} ${p}`).toBe(true);
      for (const c of codes) expect(o.description as string, `${m} ${p}`).toContain(`\`${c.code}\``);
      expect(o.description as string, `${m} ${p}`).toContain('**Who may call it:**');
      // a route the guard protects says so (the token) and lists the session refusal
      if (o.security)
        expect(
          codes.map((c) => c.code),
          `${m} ${p}`,
        ).toContain(401);
    }
  });
});
