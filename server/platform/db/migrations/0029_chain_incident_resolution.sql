ALTER TABLE "chain_incidents" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_incidents" ADD COLUMN "resolved_by" bigint;--> statement-breakpoint
ALTER TABLE "chain_incidents" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "chain_incidents" ADD CONSTRAINT "chain_incidents_resolution" CHECK (("chain_incidents"."resolved_at" is null) = ("chain_incidents"."resolved_by" is null) and ("chain_incidents"."resolved_at" is null) = ("chain_incidents"."resolution_note" is null));