ALTER TABLE "withdrawals" ADD COLUMN "payout_link" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_block_number" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_confirmations" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_required" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirmed_at" timestamp with time zone;