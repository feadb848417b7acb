import { describe, expect, it } from 'vitest';
import { body, useTestApp, type TestApp } from '../helpers.ts';
import { Err } from '../../../src/contract/errors.ts';
import { DOMAINS } from '../../../server/domains.ts';
import type { DomainManifest } from '../../../server/platform/domain.ts';

describe('service skeleton', () => {
  const t = useTestApp();

  it('answers health and serves the OpenAPI document', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ ok: true });
    const doc = (await t.app.inject('/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    // the tags are the manifests' (DomainManifest.openApiTags), and every operation carries declared ones
    const domains: readonly DomainManifest[] = DOMAINS;
    const declared = domains.flatMap((d) => d.openApiTags ?? []);
    expect(doc.tags).toEqual(declared);
    const names = new Set(declared.map((tag) => tag.name));
    const undeclared = Object.values<Record<string, { tags?: string[] }>>(doc.paths).flatMap((methods) =>
      Object.values(methods).flatMap((op) => (op.tags ?? []).filter((tag) => !names.has(tag))),
    );
    expect(undeclared).toEqual([]);
  });

  it('documents every JSON call with its response schema (files and images excepted)', async () => {
    const doc = (await t.app.inject('/docs/json')).json();
    const binary =
      /\/(logo|rechargeProof|proof|statement\.csv|nftImage)\b|\/identification\/\{id\}\/|\/attachment\/|\/loans\/\{id\}\/signature$/;
    const undocumented: string[] = [];
    let ops = 0;
    for (const [path, methods] of Object.entries<
      Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
    >(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        ops++;
        if (binary.test(path)) continue;
        if (!op.responses?.['200']?.content?.['application/json']?.schema) undocumented.push(`${method} ${path}`);
      }
    }
    expect(ops).toBeGreaterThan(40);
    expect(undocumented).toEqual([]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/swx/customer/login/register',
        '/swx/customer/index/listMarketByType',
        '/swx/customer/user/recharge',
        '/admin-api/deposits',
      ]),
    );
  });

  it('unknown API paths get a coded 404 in the asked language', async () => {
    const res = await t.app.inject({ url: '/swx/customer/nope', headers: { lang: 'en' } });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: Err.NOT_FOUND, result: null });
  });

  it('carries a request id on every reply', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({ url: '/swx/customer/nope' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('framework-level refusals keep the envelope', () => {
  const t = useTestApp();

  it('an over-long path parameter is a coded 400', async () => {
    const res = await t.app.inject({ url: `/swx/customer/index/getParamByKey/${'k'.repeat(10_000)}`, headers: { lang: 'de' } });
    expect(res.statusCode).toBe(400);
    const b = body(res);
    expect(b.code).toBe(Err.MALFORMED_REQUEST);
    expect(b.result).toBeNull();
    expect(b.msg).not.toMatch(/^The request/); // German, not English
  });
});

describe('client address', () => {
  // checkUserNameOrPhone allows 60 calls a minute per client address
  const burst = async (t: TestApp) => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({
        url: '/swx/customer/login/checkUserNameOrPhone?username=someone',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      codes.push(res.statusCode);
    }
    return codes;
  };

  describe('without a trusted proxy', () => {
    const t = useTestApp({ trustProxy: false });
    it('ignores X-Forwarded-For, so nobody picks their own address: one real address, however many it names', async () => {
      expect((await burst(t)).at(-1)).toBe(429);
    });
  });

  describe('behind a trusted proxy', () => {
    const t = useTestApp({ trustProxy: true });
    it('believes X-Forwarded-For: 61 clients, none limited', async () => {
      expect(await burst(t)).not.toContain(429);
    });
  });
});
