-- Proof of liabilities in format pol2 (docs/ledger.md): a customer's balances are split into
-- several leaves, so a leaf is keyed by its position and a customer's leaves are found by index.
-- Snapshots taken before are pol1 (one exact leaf per customer) and stay verifiable as such.
-- A snapshot also records the watched chain's block its reserves were read at, and the reading.
DROP INDEX "liability_leaves_position";--> statement-breakpoint
ALTER TABLE "liability_leaves" DROP CONSTRAINT "liability_leaves_snapshot_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_snapshot_id_position_pk" PRIMARY KEY("snapshot_id","position");--> statement-breakpoint
ALTER TABLE "liability_snapshots" ADD COLUMN "format" text DEFAULT 'pol1' NOT NULL;--> statement-breakpoint
ALTER TABLE "liability_snapshots" ALTER COLUMN "format" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "liability_snapshots" ADD COLUMN "chain_block" bigint;--> statement-breakpoint
ALTER TABLE "liability_snapshots" ADD COLUMN "on_chain" jsonb;--> statement-breakpoint
CREATE INDEX "liability_leaves_user" ON "liability_leaves" USING btree ("snapshot_id","user_id");
