CREATE TABLE "signer_signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"chain_id" integer NOT NULL,
	"from_address" text NOT NULL,
	"nonce" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"max_priority_fee_per_gas" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "signer_signatures_tx" ON "signer_signatures" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "signer_signatures_withdrawal" ON "signer_signatures" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "signer_signatures_nonce" ON "signer_signatures" USING btree ("chain_id","from_address","nonce");