ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "idle_seconds" integer DEFAULT 1800 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "remember" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credentials_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "first_approved_by" bigint;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
-- one-time codes written before the outbox masked them are masked now (operators read this table)
UPDATE "outbox" SET "subject" = regexp_replace("subject", '\m[0-9]{6}\M', '••••••', 'g'), "body" = regexp_replace("body", '\m[0-9]{6}\M', '••••••', 'g');
