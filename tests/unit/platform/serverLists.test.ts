import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, ENV_OWNERS } from '../../../server/config.ts';
import { DOMAINS, MAIL_KEYS } from '../../../server/domains.ts';
import type { DomainManifest } from '../../../server/platform/domain.ts';
import { PLATFORM_ENV } from '../../../server/platform/env.ts';
import { PLATFORM_MAIL_KEYS } from '../../../server/platform/mail/mailText.ts';

/**
 * No list of the service is written by hand outside the domains (issue 38): the seeders, the
 * environment's schema, the mail texts, the API docs' tags and the ledger reasons are each declared
 * by the domain that owns them, in its manifest, and the central files only loop over
 * server/domains.ts. Each failure names the file and what it lacks.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const server = path.join(root, 'server');
const domains: readonly DomainManifest[] = DOMAINS;
const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
const read = (p: string) => fs.readFileSync(p, 'utf8');
const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.name.endsWith('.ts') ? [p] : [];
  });
/** The folders of server/ that hold a manifest: the domains, as lint finds them. */
const domainFolders = fs
  .readdirSync(server, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(server, e.name, 'manifest.ts')))
  .map((e) => e.name);
const manifestOf = (name: string) => domains.find((d) => d.name === name);
/** Each domain's own files, by domain. */
const domainFiles = domainFolders.map((d) => ({ domain: d, files: filesUnder(path.join(server, d)) }));

/** The modules a file imports (static, dynamic, re-exports), resolved to paths under the repository. */
function importsOf(file: string): { spec: string; target: string }[] {
  const src = read(file);
  const specs = [
    ...src.matchAll(/\bfrom\s+'([^']+)'/g),
    ...src.matchAll(/\bimport\s*\(\s*'([^']+)'\s*\)/g),
    ...src.matchAll(/^import\s+'([^']+)'/gm),
  ].map((m) => m[1]);
  return specs.filter((s) => s.startsWith('.')).map((spec) => ({ spec, target: rel(path.resolve(path.dirname(file), spec)) }));
}
const domainOfPath = (p: string) => domainFolders.find((d) => p.startsWith(`server/${d}/`));

describe('the central files reach the domains only through server/domains.ts', () => {
  const central = [
    ...fs
      .readdirSync(server)
      .filter((f) => f.endsWith('.ts') && f !== 'domains.ts')
      .map((f) => path.join(server, f)),
    ...filesUnder(path.join(server, 'platform')),
  ];

  it('imports no domain module from a top-level file of server/ or from server/platform', () => {
    const reaching = central.flatMap((f) =>
      importsOf(f)
        .filter((i) => domainOfPath(i.target))
        .map((i) => `${rel(f)} imports ${i.spec}`),
    );
    expect(reaching).toEqual([]);
  });

  it('lists every domain folder in server/domains.ts', () => {
    expect(domainFolders.filter((d) => !manifestOf(d)).map((d) => `server/domains.ts lacks ${d}`)).toEqual([]);
  });
});

describe('seeders', () => {
  it('server/seed.ts runs the manifests’ seeders, in the order of server/domains.ts', () => {
    const src = read(path.join(server, 'seed.ts'));
    expect(src).toContain('DOMAINS');
    expect(src).toMatch(/\.seed\?\.\(app\)/);
  });

  it('every domain with a seeder declares it in its manifest', () => {
    const undeclared = domainFiles.flatMap(({ domain, files }) =>
      files
        .filter((f) => /export async function seed[A-Z]\w*\(app: FastifyInstance\)|^\s+async seed\(\)/m.test(read(f)))
        .filter(() => !manifestOf(domain)?.seed)
        .map((f) => `${rel(f)} seeds, but server/${domain}/manifest.ts declares no seed`),
    );
    expect(undeclared).toEqual([]);
  });
});

describe('the environment', () => {
  it('composes the platform’s variables and every domain’s fragment, each variable with one owner', () => {
    const owners = new Map<string, string[]>();
    for (const o of ENV_OWNERS) for (const name of Object.keys(o.env)) owners.set(name, [...(owners.get(name) ?? []), o.owner]);
    expect([...owners].filter(([, os]) => os.length > 1).map(([n, os]) => `${n}: ${os.join(', ')}`)).toEqual([]);
    expect([...ENV_NAMES].sort()).toEqual([...owners.keys()].sort());
    const missing = domains.flatMap((d) =>
      Object.keys(d.config?.env ?? {})
        .filter((n) => !ENV_NAMES.includes(n))
        .map((n) => `${n} of server/${d.name}/config.ts`),
    );
    expect(missing).toEqual([]);
  });

  it('every domain with a configuration file declares it in its manifest', () => {
    const undeclared = domainFolders
      .filter((d) => fs.existsSync(path.join(server, d, 'config.ts')) || fs.existsSync(path.join(server, d, 'env.ts')))
      .filter((d) => /configFragment\(/.test(read(path.join(server, d, 'config.ts'))) && !manifestOf(d)?.config)
      .map((d) => `server/${d}/manifest.ts lacks config (server/${d}/config.ts)`);
    expect(undeclared).toEqual([]);
  });

  it('keeps in server/platform/env.ts only the platform’s variables: each domain’s are in its own config.ts', () => {
    const platform = Object.keys(PLATFORM_ENV);
    // a variable every domain file reads and no platform file does belongs to that domain
    const readBy = (files: string[]) =>
      new Set(files.flatMap((f) => [...read(f).matchAll(/\b(?:e|env)\.([A-Z][A-Z0-9_]+)\b/g)].map((m) => m[1])));
    const platformReads = readBy([path.join(server, 'config.ts'), ...filesUnder(path.join(server, 'platform'))]);
    expect(
      platform
        .filter((n) => !platformReads.has(n))
        .map((n) => `server/platform/env.ts declares ${n}, which the platform never reads`),
    ).toEqual([]);
  });
});

describe('mail texts', () => {
  const keys = new Set<string>(MAIL_KEYS);
  it('are the platform’s and every domain’s declared keys', () => {
    expect([...keys].sort()).toEqual([...PLATFORM_MAIL_KEYS, ...domains.flatMap((d) => d.mailKeys ?? [])].sort());
  });

  it('each key a domain renders is declared by that domain’s manifest', () => {
    const undeclared = domainFiles.flatMap(({ domain, files }) =>
      files
        .filter((f) => !f.endsWith('manifest.ts') && /platform\/mail\/mailText\.ts'/.test(read(f)))
        .flatMap((f) =>
          [...read(f).matchAll(/'([a-zA-Z_]+\.[a-zA-Z_.]+)'/g)]
            .map((m) => m[1])
            .filter((k) => keys.has(k) && !(PLATFORM_MAIL_KEYS as readonly string[]).includes(k))
            .filter((k) => !(manifestOf(domain)?.mailKeys as readonly string[] | undefined)?.includes(k))
            .map((k) => `${rel(f)} renders '${k}', which server/${domain}/manifest.ts does not declare`),
        ),
    );
    expect(undeclared).toEqual([]);
  });
});

describe('API docs tags', () => {
  const declared = new Set(domains.flatMap((d) => (d.openApiTags ?? []).map((t) => t.name)));
  it('every tag a route carries is declared by a manifest', () => {
    const undeclared = filesUnder(server).flatMap((f) =>
      [...read(f).matchAll(/\btags(?: =|:) \[([^\]]*)\]/g)].flatMap((m) =>
        [...m[1].matchAll(/'([^']+)'/g)]
          .map((t) => t[1])
          .filter((t) => !declared.has(t))
          .map((t) => `${rel(f)} tags '${t}', which no manifest declares (openApiTags)`),
      ),
    );
    expect(undeclared).toEqual([]);
  });

  it('server/app.ts lists the manifests’ tags, with their descriptions', () => {
    expect(read(path.join(server, 'app.ts'))).toMatch(
      /openApiOptions\(\s*domains\.flatMap\(\(d\) => d\.openApiTags \?\? \[\]\),\s*config\.publicUrl,?\s*\)/,
    );
    for (const d of domains) for (const t of d.openApiTags ?? []) expect(t.description, `${d.name} ${t.name}`).not.toBe('');
  });
});

describe('ledger reasons', () => {
  it('each reason a domain writes is declared by that domain’s manifest', () => {
    const undeclared = domainFiles.flatMap(({ domain, files }) =>
      files
        .filter((f) => !f.endsWith('manifest.ts'))
        .flatMap((f) =>
          [...read(f).matchAll(/reason: '([a-z_]+\.[a-z_]+)'/g)]
            .map((m) => m[1])
            .filter((r) => !(manifestOf(domain)?.ledgerReasons as readonly string[] | undefined)?.includes(r))
            .map((r) => `${rel(f)} writes reason '${r}', which server/${domain}/manifest.ts does not declare`),
        ),
    );
    expect(undeclared).toEqual([]);
  });
});

describe('personal files kept the pre-0018 way', () => {
  it('every domain that moves some declares the move in its manifest (server/legacyFiles.ts loops over them)', () => {
    const undeclared = domainFiles.flatMap(({ domain, files }) =>
      files
        .filter((f) => /: LegacyFileMover = /.test(read(f)))
        .filter(() => !manifestOf(domain)?.legacyFiles)
        .map((f) => `${rel(f)} moves legacy files, but server/${domain}/manifest.ts declares no legacyFiles`),
    );
    expect(undeclared).toEqual([]);
    expect(read(path.join(server, 'legacyFiles.ts'))).toContain('d.legacyFiles');
  });
});

describe('API paths outside /swx', () => {
  it('are declared by their domains (apiPrefixes), not named by the front end', () => {
    const frontEnd = read(path.join(server, 'platform/http/frontEnd.ts'));
    const named = domains.flatMap((d) =>
      (d.apiPrefixes ?? [])
        .filter((p) => frontEnd.includes(`'${p}'`))
        .map((p) => `server/platform/http/frontEnd.ts names ${p} of ${d.name}`),
    );
    expect(named).toEqual([]);
    // each declared prefix is one the domain's own routes answer under
    const unanswered = domains.flatMap((d) =>
      (d.apiPrefixes ?? [])
        .filter((p) => !filesUnder(path.join(server, d.name)).some((f) => read(f).includes(`'${p}`)))
        .map((p) => `server/${d.name} has no route under ${p}`),
    );
    expect(unanswered).toEqual([]);
  });
});
