ALTER TABLE "smart_reserve_fundings" ADD COLUMN "kind" text DEFAULT 'fund' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_reserve_fundings" ADD COLUMN "status" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_reserve_fundings" ALTER COLUMN "status" SET DEFAULT 'proposed';--> statement-breakpoint
ALTER TABLE "smart_reserve_fundings" ADD COLUMN "evidence_kind" text;--> statement-breakpoint
ALTER TABLE "smart_reserve_fundings" ADD COLUMN "evidence_network" text;--> statement-breakpoint
ALTER TABLE "smart_reserve_fundings" ADD COLUMN "evidence_address" text;--> statement-breakpoint
ALTER TABLE "smart_reserve_fundings" ADD COLUMN "evidence_tx_hash" text;--> statement-breakpoint
ALTER TABLE "smart_reserve_fundings" ADD COLUMN "evidence_reference" text;--> statement-breakpoint
ALTER TABLE "smart_reserve_fundings" ADD COLUMN "decided_by" bigint;--> statement-breakpoint
ALTER TABLE "smart_reserve_fundings" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "smart_reserve_fundings" ADD CONSTRAINT "smart_reserve_fundings_kind" CHECK ("smart_reserve_fundings"."kind" IN ('fund', 'withdraw'));--> statement-breakpoint
ALTER TABLE "smart_reserve_fundings" ADD CONSTRAINT "smart_reserve_fundings_status" CHECK ("smart_reserve_fundings"."status" IN ('proposed', 'confirmed', 'rejected'));--> statement-breakpoint
CREATE UNIQUE INDEX "smart_reserve_fundings_tx_hash" ON "smart_reserve_fundings" USING btree ("evidence_tx_hash") WHERE "smart_reserve_fundings"."evidence_tx_hash" IS NOT NULL AND "smart_reserve_fundings"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "smart_reserve_fundings_pending" ON "smart_reserve_fundings" USING btree ("status","id");--> statement-breakpoint
