/**
 * The security headers docs/security.md promises (ASVS V14.4, V13.1), on every kind of answer:
 * a public read, a refusal (401, 400) and an unknown path; and no cross-origin reads.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadIndexPage } from '../../../server/platform/http/indexPage.ts';
import { securityHeaders } from '../../../server/platform/http/securityHeaders.ts';
import { useTestApp } from '../helpers.ts';

describe('security headers on every answer', () => {
  const t = useTestApp();

  it('CSP, HSTS, nosniff, framing, referrer and request id on a read, a 401, a 400 and a 404', async () => {
    const answers = [
      await t.app.inject({ url: '/swx/customer/index/homeFigures' }),
      await t.app.inject({ url: '/swx/customer/user/balances' }),
      await t.app.inject({ url: '/swx/customer/index/listMarketByType?type=nope' }),
      await t.app.inject({ url: '/swx/customer/no/such/path' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 400, 404]);
    for (const res of answers) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    // the 401 is the envelope's code: business answers keep HTTP 200
    expect(answers[1].json().code).toBe(401);
  });

  it('an inline script of the built index.html and of the per-path pages is allowed by its hash, and no other', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-csp-'));
    const script = "document.documentElement.dir='rtl';";
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><body><div id="root"></div><script>${script}</script><script type="module" src="/assets/x.js"></script></body></html>`,
    );
    try {
      const page = loadIndexPage(dir);
      expect(page?.inlineScripts).toEqual([script]);
      const csp = securityHeaders({ publicUrl: 'http://localhost:3000' }, page?.inlineScripts)['content-security-policy'];
      const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '))!;
      expect(scriptSrc).toBe(`script-src 'self' 'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`);
      expect(scriptSrc).not.toContain('unsafe-inline');
      // the pages the build writes for a few paths (scripts/staticPages.ts): served for their path, and
      // their static frames' scripts allowed by their hashes too
      const frames = ["document.documentElement.lang='ar';", "document.documentElement.lang='ja';"];
      fs.mkdirSync(path.join(dir, 'paths/profile'), { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'paths/market.html'),
        `<!doctype html><div data-static-page></div><div id="root"></div><script>${frames[0]}</script>`,
      );
      fs.writeFileSync(
        path.join(dir, 'paths/profile/balance.html'),
        `<!doctype html><div data-static-page></div><div id="root"></div><script>${frames[1]}</script>`,
      );
      const withPaths = loadIndexPage(dir);
      expect([...(withPaths?.paths.keys() ?? [])].sort()).toEqual(['/market', '/profile/balance']);
      expect([...(withPaths?.inlineScripts ?? [])].sort()).toEqual([script, ...frames].sort());
      const allowed = securityHeaders({ publicUrl: 'http://localhost:3000' }, withPaths?.inlineScripts)[
        'content-security-policy'
      ];
      for (const s of [script, ...frames])
        expect(allowed).toContain(`'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`);
      // without a built app: 'self' only
      expect(loadIndexPage(undefined)).toBeUndefined();
      expect(securityHeaders({ publicUrl: 'http://localhost:3000' })['content-security-policy']).toContain("script-src 'self';");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no cross-origin reads: a foreign Origin gets no CORS grant, a preflight none either', async () => {
    const read = await t.app.inject({ url: '/swx/customer/index/homeFigures', headers: { origin: 'https://evil.example' } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/swx/customer/user/withdrawal',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-headers']).toBeUndefined();
  });
});
