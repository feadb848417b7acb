import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { precompressDir } from './scripts/precompress.ts';
import { textsOfPart, type TextPart, type Texts } from './src/i18n/parts.ts';
import { appTextFiles, readAppTexts } from './scripts/locales.ts';
import { staticHero } from './scripts/staticHero.ts';
import { staticPages } from './scripts/staticPages.ts';

const hero = staticHero();

/**
 * The contract's schemas are built by top-level calls (`Type.Object(...)`, `Page(...)`). They are
 * pure, but a bundler cannot know it, so a view that imports one constant or wire translation from
 * a contract module would pull every schema of that module, and TypeBox with them, into the home
 * page. Marking those calls pure lets unused schemas drop out (docs/frontend.md, bundle figures).
 */
const SCHEMA_CALL = /(?<![\w.])(Type\.[A-Za-z]+|Page|Envelope|LiteralUnion|DecimalString|ReviewQueueQuery)\(/g;
const pureContractSchemas = (): Plugin => ({
  name: 'pure-contract-schemas',
  apply: 'build',
  transform(code, id) {
    if (!/[\\/]src[\\/]contract[\\/][^\\/]+\.ts$/.test(id)) return null;
    return { code: code.replace(SCHEMA_CALL, '/* @__PURE__ */ $1('), map: null };
  },
});

/** Brotli and gzip copies of the built files, made once here instead of per request (docs/performance.md). */
const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const s = precompressDir(outDir);
      this.info(
        `precompressed ${s.files} files: ${(s.raw / 1024).toFixed(0)} kB raw, ${(s.br / 1024).toFixed(0)} kB brotli, ${(s.gzip / 1024).toFixed(0)} kB gzip`,
      );
    },
  };
};

/**
 * `platform.json?app&part=home` and `…?app&part=screens`: the app's texts of one language, merged
 * from its domain files (src/locales/<lng>/<domain>.json, scripts/locales.ts) and cut in two
 * (src/i18n/parts.ts): the shell's and home page's, which the first render waits for, and the other
 * screens', which load after it. The language's platform.json stands for the whole language here,
 * so that `import.meta.glob` finds one real file per language; every domain file is watched.
 */
const APP_TEXTS = /[\\/]locales[\\/]([^\\/]+)[\\/]platform\.json\?app&part=(home|screens)$/;
const appTexts = (): Plugin => ({
  name: 'app-texts',
  enforce: 'pre',
  load(id) {
    const m = APP_TEXTS.exec(id);
    if (!m) return null;
    const [, lng, part] = m as unknown as [string, string, TextPart];
    for (const name of appTextFiles(lng)) this.addWatchFile(path.resolve('src/locales', lng, `${name}.json`));
    return {
      code: `export default ${JSON.stringify(textsOfPart(readAppTexts(lng) as Texts, part))};`,
      map: null,
      moduleType: 'js',
    };
  },
});

/**
 * The English texts are a lazy chunk like every language (src/i18n/index.ts), but the app waits
 * for the home page's part of them before its first render, so a first visit (English until a
 * language is chosen) would fetch them only after the entry had run. A modulepreload link fetches
 * them alongside the entry; another language's visitor loads about 3 kB they do not use, without
 * waiting for it. The other screens' texts and the refusal texts are not waited for, so not
 * preloaded either.
 */
const preloadEnglish = (): Plugin => ({
  name: 'preload-english',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const files = Object.values(ctx.bundle ?? {})
        .filter(
          (c) => c.type === 'chunk' && /[\\/]locales[\\/]en[\\/]platform\.json\?app&part=home$/.test(c.facadeModuleId ?? ''),
        )
        .map((c) => c.fileName);
      return files.map((f) => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: '', href: `/${f}` },
        injectTo: 'head' as const,
      }));
    },
  },
});

/**
 * The app's modules are fetched at low priority, so that on a slow line what the first paint needs
 * is not sharing the bandwidth with 145 kB of script: a phone painted the static hero sooner
 * (bench:vitals, 1.6 Mbit/s: about 1.5 s to about 1.3 s, when the stylesheet was still a file of its
 * own; it is in the page now, see inlineStylesheet), and the modules finish no later, the line
 * being full either way (docs/performance.md).
 */
const lowPriorityModules = (): Plugin => ({
  name: 'low-priority-modules',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html
        .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
        .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"'),
  },
});

/**
 * The entry's stylesheet (about 5 kB gzip) is written into every page instead of linked: the first
 * paint of a static copy (the home page's hero, the screens' first frames) then waits for the page
 * alone, not for a second request (a round trip and more on a phone's line, docs/performance.md
 * "Phone start-up: the first paint waits for the page alone"). A returning visitor's page is a 304
 * (its ETag), so the copy costs nothing then. The link stays, `disabled` (a disabled stylesheet is
 * not fetched): Vite's loader of a lazy chunk's CSS looks for a link with the file's address before
 * adding one, and would otherwise load the entry's rules a second time, after the chunks' own.
 */
const inlineStylesheet = (): Plugin => ({
  name: 'inline-stylesheet',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, ctx) =>
      html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (_tag, file: string) => {
        const asset = ctx.bundle?.[file];
        const css = asset?.type === 'asset' ? String(asset.source) : '';
        if (!css || /<\/style/i.test(css)) throw new Error(`inline stylesheet: ${file} is missing or cannot be inlined`);
        return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="/${file}" disabled>`;
      }),
  },
});

export default defineConfig({
  plugins: [
    react(),
    appTexts(),
    pureContractSchemas(),
    preloadEnglish(),
    lowPriorityModules(),
    inlineStylesheet(),
    // the phone's first frame of /market, /cruuency and /profile/balance, from index.html before the hero is added
    staticPages(hero.maps),
    hero.plugin,
    precompress(),
  ],
  // the CSS modules' class maps, for the static copies of the home page's hero and of the other screens
  css: { modules: { getJSON: hero.getJSON } },
  server: {
    proxy: {
      '/swx': 'http://localhost:3000',
      '/admin-api': 'http://localhost:3000',
      '/customer-service': 'http://localhost:3000',
      '/settings': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // the manifest lets scripts/measure-bundle.mjs follow the entry's static imports
    manifest: true,
    // ApexCharts is a lazy chunk of its own (~290 kB gzip), loaded only by /cruuency
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      treeshake: {
        // TypeBox's modules and the contract's only define things: importing them has no effect
        // of its own, so a module only arrives with the code that uses it
        moduleSideEffects: (id: string) => !/node_modules[\\/]typebox[\\/]|[\\/]src[\\/]contract[\\/]/.test(id),
        // reading a property never runs a getter in our code: an unused schema's `{ ...PageQuery }`
        // argument may go with it
        propertyReadSideEffects: false,
      },
      output: {
        codeSplitting: {
          // TypeBox in a chunk of its own, loaded only by the screens whose flows check forms
          // with the contract's schemas (left to the default grouping it shared a chunk with the
          // settings store and so reached the home page).
          groups: [
            // first (highest priority): TypeBox stays out of the two home page chunks below even
            // though the home page's modules import contract modules statically
            { name: 'schemas', priority: 3, test: /node_modules[\\/]typebox[\\/]|[\\/]src[\\/]contract[\\/]envelope\.ts$/ },
            // the libraries every page starts with, in one file: a phone on a slow link makes one
            // request for them instead of a dozen (each a round trip), and they compress together.
            // `$initial`: only the library modules the entry imports statically; those that only
            // other screens import (react-i18next's <Trans> and its HTML parser, …) go with those
            // screens' chunks instead of every first visit (−3.9 kB gzip).
            {
              name: 'vendor',
              priority: 2,
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|@tanstack|xstate|@xstate|wouter|partysocket|use-sync-external-store|regexparam)[\\/]/,
            },
            // the app's own modules of the home page and the shell, in one file too: left to the
            // default grouping they were 20 small chunks (one per set of screens sharing them),
            // each a request and each compressed alone (−4.4 kB gzip as one file). Lazy screens
            // import what they share with the home page from it, as they did from the small ones.
            { name: 'shell', priority: 1, tags: ['$initial'], test: /[\\/]src[\\/]/ },
            // the machinery of every form (the submission, client-key and status
            // machines and useFlow), in one lazy file: the step-up dialog loads it on every page
            // right after the first paint, and a form screen opened first (/profile/balance) asked
            // for it as four small files among its twenty, six at a time over HTTP/1.1
            // (docs/performance.md, "Phone start-up beyond the home page")
            {
              name: 'flows',
              priority: 0,
              test: /[\\/]src[\\/](machines[\\/]platform[\\/](submission|clientKey|statuses)\.ts|views[\\/]platform[\\/]app[\\/]useFlow\.ts)$/,
            },
          ],
        },
      },
    },
  },
});
