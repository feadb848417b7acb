CREATE TABLE "deposit_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"tx_hash" text NOT NULL,
	"tx_hash_key" text NOT NULL,
	"proof_last6" text NOT NULL,
	"proof_file" text NOT NULL,
	"proof_mime" text NOT NULL,
	"address" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee_rate" numeric(10, 6) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"receive_amount" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"payout_tx_hash" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount" > 0 AND "withdrawals"."fee" >= 0 AND "withdrawals"."receive_amount" > 0 AND "withdrawals"."fee" + "withdrawals"."receive_amount" = "withdrawals"."amount")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_key" ON "deposit_addresses" USING btree ("coin","network","address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx_hash" ON "deposits" USING btree ("tx_hash_key");--> statement-breakpoint
CREATE INDEX "deposits_user" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_status" ON "deposits" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status","id");