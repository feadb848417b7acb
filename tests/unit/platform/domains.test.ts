/**
 * The domain registry (server/domains.ts): each domain's manifest claims its leader jobs with their
 * advisory locks, its user-event kinds and its query-key root, and no two may claim the same one
 * (two jobs on one lock: on PostgreSQL the second never runs, as NFT auctions once did on the
 * loans lock). Checked on the real registry, and on fabricated lists to prove a collision is
 * caught. The compile-time half (an unknown kind does not type-check) is the @ts-expect-error
 * lines below, which `npx tsc -b` holds to.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAINS, JOBS, JOB_NAMES } from '../../../server/domains.ts';
import { OTHER_LOCKS, repeatedLocks, repeatedNames } from '../../../server/platform/jobs/registry.ts';
import { collisions, type DomainManifest } from '../../../server/platform/domain.ts';
import { USER_EVENTS, type UserEventInput, type UserEventKind } from '../../../src/contract/userEvents.ts';
import { USER_EVENT_TEXTS } from '../../../src/contract/userEventTexts.ts';
import { readAppTexts } from '../../../scripts/locales.ts';

const domains: readonly DomainManifest[] = DOMAINS;
const none = {
  lock: [],
  job: [],
  eventKind: [],
  keyRoot: [],
  pageFrame: [],
  mailKey: [],
  openApiTag: [],
  ledgerReason: [],
  envVariable: [],
  apiPrefix: [],
};
const job = (name: string, lock: number) => ({ name, lock, what: '' });

describe('the real registry', () => {
  it('has no lock, job, event kind, key root or page frame claimed by two domains', () => {
    expect(collisions(domains)).toEqual(none);
  });

  it('gives every leader job its own advisory lock, apart from the other locks the platform holds', () => {
    expect(repeatedLocks(JOBS)).toEqual([]);
    expect(repeatedNames(JOBS)).toEqual([]);
    for (const l of Object.values(OTHER_LOCKS)) expect(JOBS.map((j) => j.lock)).not.toContain(l);
    expect(JOBS.find((j) => j.name === 'nft-auctions')?.lock).not.toBe(JOBS.find((j) => j.name === 'loans-scheduler')?.lock);
    expect(JOB_NAMES).toEqual(domains.flatMap((d) => (d.jobs ?? []).map((j) => j.name)));
  });

  it('names every job in lowercase words, as its logs and metrics labels show it', () => {
    for (const j of JOBS) expect(j.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('lists every manifest under server/, each named by its folder', () => {
    const server = path.resolve(import.meta.dirname, '../../../server');
    const withManifest = fs
      .readdirSync(server)
      .filter((f) => fs.existsSync(path.join(server, f, 'manifest.ts')))
      .sort();
    expect(domains.map((d) => d.name).sort()).toEqual(withManifest);
  });

  it('gives every user event kind to exactly one domain', () => {
    const claimed = domains.flatMap((d) => Object.keys(d.events ?? {}));
    expect(claimed.sort()).toEqual(Object.keys(USER_EVENTS).sort());
    expect(Object.keys(USER_EVENT_TEXTS).sort()).toEqual(Object.keys(USER_EVENTS).sort());
  });

  it('has a sentence in the app texts for every event a domain tells', () => {
    type Tree = { [k: string]: string | Tree };
    const en = readAppTexts('en', path.resolve(import.meta.dirname, '../../..')) as Tree;
    const at = (key: string) =>
      key.split('.').reduce<string | Tree | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), en);
    for (const d of domains) {
      for (const [kind, key] of Object.entries(d.events ?? {})) {
        if (key === null) continue; // the chat's: never told
        expect(key, kind).toBe(USER_EVENT_TEXTS[kind as UserEventKind]);
        const text = at(key);
        // a sentence, or a group of them chosen by a parameter (alert.fired: one per alert kind)
        const sentences = typeof text === 'object' ? Object.values(text) : [text];
        expect(sentences.length, `${kind}: ${key}`).toBeGreaterThan(0);
        for (const s of sentences) expect(typeof s, `${kind}: ${key}`).toBe('string');
      }
    }
  });
});

describe('a fabricated registry', () => {
  const a: DomainManifest = { name: 'a', jobs: [job('a-job', 1)], events: { 'loan.repaid': 'x' }, keyRoot: 'a' };

  it('catches two domains on one lock, job name, event kind, key root or page frame', () => {
    expect(collisions([a, { name: 'b', jobs: [job('b-job', 1)] }]).lock).toEqual([{ value: 1, domains: ['a', 'b'] }]);
    expect(collisions([a, { name: 'b', jobs: [job('a-job', 2)] }]).job).toEqual([{ value: 'a-job', domains: ['a', 'b'] }]);
    expect(collisions([a, { name: 'b', events: { 'loan.repaid': 'y', 'loan.overdue': 'z' } }]).eventKind).toEqual([
      { value: 'loan.repaid', domains: ['a', 'b'] },
    ]);
    expect(collisions([a, { name: 'b', keyRoot: 'a' }]).keyRoot).toEqual([{ value: 'a', domains: ['a', 'b'] }]);
    const frame = () => () => undefined;
    expect(
      collisions([
        { ...a, pageFrames: { '/x': frame } },
        { name: 'b', pageFrames: { '/x': frame } },
      ]).pageFrame,
    ).toEqual([{ value: '/x', domains: ['a', 'b'] }]);
    expect(collisions([a, { name: 'b', jobs: [job('b-job', 2)], events: { 'loan.overdue': 'z' }, keyRoot: 'b' }])).toEqual(none);
  });

  it('catches a lock repeated within a domain, or one the platform holds', () => {
    expect(collisions([{ name: 'a', jobs: [job('x', 1), job('y', 1)] }]).lock).toEqual([{ value: 1, domains: ['a', 'a'] }]);
    expect(repeatedLocks([job('a', 1), job('b', 1), job('a', 2)], {})).toEqual([1]);
    expect(repeatedNames([job('a', 1), job('b', 1), job('a', 2)])).toEqual(['a']);
    expect(repeatedLocks([job('x', OTHER_LOCKS.migrations)])).toEqual([OTHER_LOCKS.migrations]);
  });
});

it('refuses at compile time a kind the union does not hold, or parameters that do not fit the kind', () => {
  const known: UserEventKind = 'loan.repaid';
  // @ts-expect-error a kind no domain declares
  const unknown: UserEventKind = 'loan.forgiven';
  // @ts-expect-error a rejection says why
  const noReason: UserEventInput = { kind: 'kyc.rejected', params: { id: '1' } };
  const rejected: UserEventInput = { kind: 'kyc.rejected', params: { id: '1', reason: 'blurred' } };
  // @ts-expect-error a manifest may only claim kinds of the union
  const claims: DomainManifest = { name: 'x', events: { 'loan.forgiven': 'loan.event.forgiven' } };
  expect([known, unknown, noReason.kind, rejected.kind, claims.name]).toHaveLength(5);
});
