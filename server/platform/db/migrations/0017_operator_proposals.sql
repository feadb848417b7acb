CREATE TABLE "operator_proposals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" bigint NOT NULL,
	"target_id" bigint,
	"username" text,
	"email" text,
	"password_hash" text,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmed_by" bigint;--> statement-breakpoint
CREATE INDEX "operator_proposals_status" ON "operator_proposals" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_proposals_pending_target" ON "operator_proposals" USING btree ("target_id") WHERE "operator_proposals"."status" = 'pending' and "operator_proposals"."kind" = 'disable';--> statement-breakpoint
CREATE UNIQUE INDEX "operator_proposals_pending_username" ON "operator_proposals" USING btree (lower("username")) WHERE "operator_proposals"."status" = 'pending' and "operator_proposals"."kind" = 'create';