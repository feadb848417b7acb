/**
 * A screen's chunks preloaded on its own path (scripts/routePreloads.ts at build,
 * server/http/indexPage.ts at start): which files each route path gets, and that the home page's
 * index.html is left as built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePreloads, routeScreens } from '../../scripts/routePreloads.ts';
import { loadIndexPage } from '../../server/http/indexPage.ts';

const app = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/views/App.tsx'), 'utf8');

describe('route preloads', () => {
  it('reads every lazy screen route of App.tsx without parameters, and not the home page', () => {
    const routes = routeScreens(app);
    expect(routes.get('/market')).toBe('screens/Market.tsx');
    expect(routes.get('/cruuency')).toBe('screens/Currency.tsx');
    expect(routes.get('/profile/balance')).toBe('screens/Balance.tsx');
    expect(routes.get('/profile/settings')).toBe('security/SecurityScreen.tsx');
    expect(routes.has('/')).toBe(false);
    expect([...routes.keys()].some((p) => p.includes(':'))).toBe(false);
    // every route path of ROUTES without a parameter, but the home page, is found
    const listed = [...app.matchAll(/^ {2}\['(\/[^']*)', \w+\],$/gm)].map((m) => m[1]).filter((p) => p !== '/' && !p.includes(':'));
    expect(listed.length).toBeGreaterThan(20);
    expect([...routes.keys()].sort()).toEqual([...new Set(listed)].sort());
  });

  it('names the screen chunk, its own imports, their CSS and the screens\' English texts, less what the entry loads', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shell.js'] },
      '_shell.js': { file: 'assets/shell.js', imports: ['_vendor.js'], css: ['assets/shell.css'] },
      '_vendor.js': { file: 'assets/vendor.js' },
      'src/views/screens/Market.tsx': { file: 'assets/Market.js', imports: ['_shell.js', '_vendor.js', '_useFormat.js'], css: ['assets/Market.css'] },
      '_useFormat.js': { file: 'assets/useFormat.js', imports: ['_shell.js'], css: ['assets/shell.css'] },
      'src/locales/en/app.json?part=screens': { file: 'assets/app-screens.js', src: 'src/locales/en/app.json?part=screens' },
    };
    expect(routePreloads(manifest, new Map([['/market', 'screens/Market.tsx'], ['/gone', 'screens/Gone.tsx']]))).toEqual({
      '/market': { js: ['assets/Market.js', 'assets/useFormat.js', 'assets/app-screens.js'], css: ['assets/Market.css'] },
    });
  });

  it('the server sends a route its page with the preload links and every other path the page as built', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-preload-'));
    try {
      const html = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';
      fs.writeFileSync(path.join(dir, 'index.html'), html);
      fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify({ '/market': { js: ['assets/Market.js'], css: ['assets/Market.css'] } }));
      const page = loadIndexPage(dir);
      expect(page?.body.body.toString()).toBe(html);
      const market = page?.routes.get('/market')?.body.toString();
      expect(market).toBe(html.replace('</head>', '<link rel="preload" as="style" fetchpriority="low" href="/assets/Market.css"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Market.js"></head>'));
      expect(page?.routes.get('/market')?.etag).not.toBe(page?.body.etag);
      expect(page?.routes.has('/')).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
