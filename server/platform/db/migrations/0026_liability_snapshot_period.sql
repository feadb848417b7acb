-- The day a scheduled liabilities snapshot is for, unique: the day's job takes one even if two
-- instances run it at once (docs/ledger.md). Rows taken before have none (an index over NULLs
-- never conflicts), so nothing is backfilled.
ALTER TABLE "liability_snapshots" ADD COLUMN "period" date;--> statement-breakpoint
CREATE UNIQUE INDEX "liability_snapshots_period" ON "liability_snapshots" USING btree ("period");
