ALTER TABLE "withdrawals" ADD COLUMN "payout_tx_hash_key" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_client_key" ON "withdrawals" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_tx_hash" ON "withdrawals" USING btree ("payout_tx_hash_key") WHERE "withdrawals"."payout_tx_hash_key" IS NOT NULL;