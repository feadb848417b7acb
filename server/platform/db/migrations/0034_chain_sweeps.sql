CREATE TABLE "chain_sweeps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"address_id" bigint NOT NULL,
	"address" text NOT NULL,
	"coin" text NOT NULL,
	"amount_raw" numeric NOT NULL,
	"to_address" text NOT NULL,
	"state" text NOT NULL,
	"fuel_nonce" integer,
	"fuel_tx_hash" text,
	"fuel_raw" text,
	"nonce" integer,
	"tx_hash" text,
	"raw" text,
	"max_fee_per_gas" text,
	"max_priority_fee_per_gas" text,
	"block_number" bigint,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "chain_sweeps_state" CHECK ("chain_sweeps"."state" in ('fueling', 'sending', 'sent', 'confirmed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "signer_signatures" ALTER COLUMN "withdrawal_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_addresses" ADD COLUMN "sweep_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signer_signatures" ADD COLUMN "kind" text DEFAULT 'payout' NOT NULL;--> statement-breakpoint
ALTER TABLE "signer_signatures" ADD COLUMN "sweep_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sweeps_open" ON "chain_sweeps" USING btree ("address_id") WHERE "chain_sweeps"."state" in ('fueling', 'sending', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sweeps_fuel_tx" ON "chain_sweeps" USING btree ("fuel_tx_hash");--> statement-breakpoint
CREATE INDEX "chain_sweeps_list" ON "chain_sweeps" USING btree ("network","id");--> statement-breakpoint
CREATE INDEX "signer_signatures_sweep" ON "signer_signatures" USING btree ("sweep_id");--> statement-breakpoint
ALTER TABLE "signer_signatures" ADD CONSTRAINT "signer_signatures_names_one" CHECK (("signer_signatures"."kind" = 'payout') = ("signer_signatures"."withdrawal_id" is not null) and ("signer_signatures"."kind" = 'payout') = ("signer_signatures"."sweep_id" is null));