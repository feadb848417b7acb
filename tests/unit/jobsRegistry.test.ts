import { expect, it } from 'vitest';
import { JOBS, OTHER_LOCKS, repeatedLocks, repeatedNames } from '../../server/platform/jobs/registry.ts';

it('gives every leader job its own advisory lock, apart from the other locks the platform holds', () => {
  // two jobs on one lock: on PostgreSQL the second never runs (NFT auctions once shared the loans lock)
  expect(repeatedLocks()).toEqual([]);
  expect(repeatedNames()).toEqual([]);
  const locks = JOBS.map((j) => j.lock);
  for (const l of Object.values(OTHER_LOCKS)) expect(locks).not.toContain(l);
  expect(JOBS.find((j) => j.name === 'nft-auctions')?.lock).not.toBe(JOBS.find((j) => j.name === 'loans-scheduler')?.lock);
});

it('catches a repeated lock or name', () => {
  const jobs = [
    { name: 'a', lock: 1, what: '' },
    { name: 'b', lock: 1, what: '' },
    { name: 'a', lock: 2, what: '' },
  ];
  expect(repeatedLocks(jobs, {})).toEqual([1]);
  expect(repeatedNames(jobs)).toEqual(['a']);
  expect(repeatedLocks([{ name: 'x', lock: 727_001, what: '' }])).toEqual([727_001]);
});

it('names every job in lowercase words, as its logs and metrics labels show it', () => {
  for (const j of JOBS) expect(j.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
});
