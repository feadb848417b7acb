CREATE TABLE "chain_nonces" (
	"network" text NOT NULL,
	"address" text NOT NULL,
	"next" integer NOT NULL,
	CONSTRAINT "chain_nonces_network_address_pk" PRIMARY KEY("network","address")
);
--> statement-breakpoint
CREATE TABLE "chain_payout_txs" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"payout_id" bigint NOT NULL,
	"raw" text NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"network" text NOT NULL,
	"from_address" text NOT NULL,
	"nonce" integer NOT NULL,
	"state" text DEFAULT 'allocated' NOT NULL,
	"max_fee_per_gas" text,
	"max_priority_fee_per_gas" text,
	"broadcast_at" timestamp with time zone,
	"replacements" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chain_payout_txs_payout" ON "chain_payout_txs" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_withdrawal" ON "chain_payouts" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_nonce" ON "chain_payouts" USING btree ("network","from_address","nonce");