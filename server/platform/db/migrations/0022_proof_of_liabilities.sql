CREATE TABLE "liability_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" bigint,
	"taken_at" timestamp with time zone NOT NULL,
	"assets" jsonb NOT NULL,
	"root_hash" text,
	"leaf_count" integer DEFAULT 0 NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"totals" jsonb,
	"ledger_totals" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liability_leaves" (
	"snapshot_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"salt" text NOT NULL,
	"balances" jsonb NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "liability_leaves_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reserve_wallets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"declared_by" bigint NOT NULL,
	"declared_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reserve_holdings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"attestor" text,
	"report_ref" text,
	"declared_by" bigint NOT NULL,
	"declared_at" timestamp with time zone NOT NULL,
	"client_key" text
);
--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liability_snapshots_taken" ON "liability_snapshots" USING btree ("status","taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "liability_leaves_position" ON "liability_leaves" USING btree ("snapshot_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reserve_wallets_address" ON "reserve_wallets" USING btree ("network","address");--> statement-breakpoint
CREATE INDEX "reserve_holdings_asset" ON "reserve_holdings" USING btree ("asset","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reserve_holdings_client_key" ON "reserve_holdings" USING btree ("declared_by","client_key");
