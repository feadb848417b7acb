/**
 * The app's texts of one language are one file per domain (src/locales/<lng>/<domain>.json, and
 * platform.json for the shell's), merged into the `app` namespace at build (vite.config.ts) and by
 * every reader here: the static copies of the pages, the tests. `errors.json` (the refusal
 * catalogue) and `mail.json` (the service's mails) are namespaces of their own.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The namespaces that are files of their own; every other file of a language folder is part of `app`. */
export const OWN_NAMESPACES = ['errors', 'mail'] as const;

/** The files whose sections make the `app` namespace of `lng`, by name (platform, wallet, …). */
export function appTextFiles(lng: string, root = process.cwd()): string[] {
  const dir = path.join(root, 'src/locales', lng);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !(OWN_NAMESPACES as readonly string[]).includes(f.slice(0, -5)))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** The `app` namespace of `lng`: every domain's sections in one object. Two files with one section is an error. */
export function readAppTexts(lng: string, root = process.cwd()): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const name of appTextFiles(lng, root)) {
    const file = path.join(root, 'src/locales', lng, `${name}.json`);
    const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const [section, value] of Object.entries(texts)) {
      const first = owner.get(section);
      if (first) throw new Error(`src/locales/${lng}: section "${section}" is in both ${first}.json and ${name}.json`);
      owner.set(section, name);
      out[section] = value;
    }
  }
  return out;
}

/** One namespace of `lng`: `app` merged from its domain files, `errors` and `mail` as they are. */
export function readLocale(lng: string, ns: string, root = process.cwd()): Record<string, unknown> {
  if (ns === 'app') return readAppTexts(lng, root);
  return JSON.parse(fs.readFileSync(path.join(root, 'src/locales', lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
}
