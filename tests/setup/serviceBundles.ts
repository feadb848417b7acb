/**
 * The service's processes as tests start them (the browser harness, the two-instance and restart
 * tests): each entry bundled once per run with esbuild, so that a start loads one file instead of
 * compiling some 800 modules through tsx's loader hooks (measured under load: 7.4 s to /healthz
 * against 9.6 s through tsx; a run starts some fifty services). The code is the
 * same: esbuild is what tsx compiles with, packages stay in node_modules, and each module's
 * `import.meta.url` is its own source file's, so the files it reads beside itself (migrations,
 * locales, docs/api.md) are found as under tsx.
 *
 * Built in the globalSetup of the projects that start processes (tests/setup/databaseTemplates.ts)
 * and found by the tests through `serviceCommand` (serviceCommand.ts). The bundles live under
 * node_modules/.cache so that their packages resolve from there, and go with the run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The entries tests start as processes; anything else runs through tsx as before. */
export const BUNDLED_ENTRIES = ['server/main.ts', 'server/signer/main.ts', 'tests/server/movedClockService.ts'] as const;

/** Each project file's `import.meta.url` (and dirname, filename) stays its own source's. */
const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta')) return { contents: source, loader: 'ts' };
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

export async function buildServiceBundles(): Promise<{ bundles: Record<string, string>; remove: () => void }> {
  const dir = path.join(ROOT, 'node_modules/.cache/service-bundles', `${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  const bundles: Record<string, string> = {};
  await Promise.all(
    BUNDLED_ENTRIES.map(async (entry) => {
      const outfile = path.join(dir, `${entry.replaceAll('/', '__').replace(/\.ts$/, '')}.mjs`);
      await build({
        entryPoints: [path.join(ROOT, entry)],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        // beside the bundle, not inline: parsing an inline map at every start cost more than tsx saved
        sourcemap: 'linked',
        logLevel: 'error',
        plugins: [ownImportMeta],
      });
      bundles[entry] = outfile;
    }),
  );
  return { bundles, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
