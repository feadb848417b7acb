/**
 * Every job that runs on one instance at a time, declared once with the PostgreSQL advisory lock
 * whose holder runs it (docs/deployment.md, "Jobs"). A job starts only through startLeaderJob
 * (scheduler.ts), which takes its lock from here by name, so two jobs cannot share a lock: on
 * PostgreSQL the second would never run (its election always loses to the first). A unit test
 * (tests/unit/jobsRegistry.test.ts) refuses a repeated lock or name.
 */
export interface JobDeclaration {
  /** The job's name: its logger's module, its row in platform_jobs, its metrics label. */
  name: string;
  /** The PostgreSQL advisory lock whose holder runs it. */
  lock: number;
  /** What it does, for the operator console. */
  what: string;
}

export const JOBS = [
  /** The price feed (server/market/feed/engine.ts); elected only with REDIS_URL, else every instance runs its own. */
  { name: 'market-feed', lock: 727_003, what: 'price feed: simulator or exchange, candles' },
  /** Smart-plan daily payouts and maturity (server/smart/engine.ts). */
  { name: 'smart-scheduler', lock: 727_011, what: 'smart plans: daily yield, maturity' },
  /** Take-profit, stop-loss, stop-out and period ends of options positions (server/trading/engine.ts). */
  { name: 'trading-triggers', lock: 727_021, what: 'options: triggers and expiry on every feed step' },
  /** Loan accrual, overdue marking, margin calls and liquidation (server/loans/engine.ts). */
  { name: 'loans-scheduler', lock: 727_031, what: 'loans: daily accrual, overdue, margin calls, liquidation' },
  /** NFT auctions opening and settling (server/nfts/engine.ts); it once shared the loans lock and never ran on PostgreSQL. */
  { name: 'nft-auctions', lock: 727_041, what: 'NFT auctions: open, settle, refund' },
  /** Personal files (proofs, KYC images, attachments, signatures) that no row names (server/wallet/engine.ts). */
  { name: 'upload-sweep', lock: 727_051, what: 'uploads: remove stored files no row names' },
  /** The daily snapshot of customers' real-book balances for the proof of liabilities (server/proof/engine.ts). */
  { name: 'liabilities-snapshot', lock: 727_061, what: 'proof of liabilities: daily snapshot, Merkle sum tree' },
  /** One equity snapshot per user, book and day (server/portfolio/snapshots.ts). */
  { name: 'equity-snapshots', lock: 727_071, what: 'portfolio: daily equity snapshot per user and book' },
] as const satisfies readonly JobDeclaration[];

export type JobName = (typeof JOBS)[number]['name'];
export const JOB_NAMES: readonly JobName[] = JOBS.map((j) => j.name);

/** The declaration of a job. */
export function jobOf(name: JobName): JobDeclaration {
  const job = JOBS.find((j) => j.name === name);
  if (!job) throw new Error(`job ${name} is not in the registry`);
  return job;
}

/** Advisory locks held for something other than a job; a job may not take one of these either. */
export const OTHER_LOCKS = {
  /** Held while one instance applies the migrations (server/db/client.ts). */
  migrations: 727_001,
} as const;

/** The lock ids that appear more than once over JOBS and OTHER_LOCKS (empty when the table is sound). */
export function repeatedLocks(jobs: readonly JobDeclaration[] = JOBS, other: Record<string, number> = OTHER_LOCKS): number[] {
  const all = [...jobs.map((j) => j.lock), ...Object.values(other)];
  return [...new Set(all.filter((l, i) => all.indexOf(l) !== i))];
}

/** The job names that appear more than once (empty when the table is sound). */
export function repeatedNames(jobs: readonly JobDeclaration[] = JOBS): string[] {
  const names = jobs.map((j) => j.name);
  return [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
}
