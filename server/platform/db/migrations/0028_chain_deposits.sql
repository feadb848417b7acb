CREATE SEQUENCE "public"."chain_address_index" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "chain_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"derivation_path" text NOT NULL,
	"derivation_index" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"network" text NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	CONSTRAINT "chain_blocks_network_number_pk" PRIMARY KEY("network","number")
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"network" text NOT NULL,
	"coin" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"user_id" bigint NOT NULL,
	"address_id" bigint NOT NULL,
	"amount_raw" numeric(78, 0) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"confirmations_told" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"credited_at" timestamp with time zone,
	"dropped_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_deposits_amount_positive" CHECK ("chain_deposits"."amount_raw" > 0)
);
--> statement-breakpoint
CREATE TABLE "chain_incidents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"kind" text NOT NULL,
	"deposit_id" bigint,
	"block_number" bigint NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_networks" (
	"network" text PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"last_block" bigint NOT NULL,
	"last_hash" text,
	"head" bigint,
	"head_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_user" ON "chain_addresses" USING btree ("network","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_address" ON "chain_addresses" USING btree ("network","address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_index" ON "chain_addresses" USING btree ("network","derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_key" ON "chain_deposits" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_deposits_user" ON "chain_deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "chain_deposits_status" ON "chain_deposits" USING btree ("network","status","block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_incidents_deposit" ON "chain_incidents" USING btree ("kind","deposit_id");--> statement-breakpoint
CREATE INDEX "chain_incidents_time" ON "chain_incidents" USING btree ("created_at");