CREATE TABLE "charity_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"tx_hash" text NOT NULL,
	"note" text NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charity_payouts_amount" CHECK ("charity_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "nft_bids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nft_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"client_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "nft_bids_amount" CHECK ("nft_bids"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "nft_sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nft_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"gross" numeric(38, 18) NOT NULL,
	"donation" numeric(38, 18) NOT NULL,
	"charity" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text,
	"seed" integer NOT NULL,
	"name" text NOT NULL,
	"creator" text NOT NULL,
	"chain" text NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"sale_type" text NOT NULL,
	"asset" text DEFAULT 'USDT' NOT NULL,
	"price" numeric(38, 18),
	"reserve_price" numeric(38, 18),
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"extensions" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"donation_share" numeric(12, 10) NOT NULL,
	"charity" text NOT NULL,
	"current_bid" numeric(38, 18),
	"current_bidder_id" bigint,
	"current_bid_id" bigint,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"owner_id" bigint,
	"sold_price" numeric(38, 18),
	"sold_at" timestamp with time zone,
	"listed_by" bigint,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nfts_price" CHECK (("nfts"."sale_type" = 'buy_now' AND "nfts"."price" > 0) OR ("nfts"."sale_type" = 'auction' AND "nfts"."reserve_price" > 0 AND "nfts"."end_time" IS NOT NULL)),
	CONSTRAINT "nfts_share" CHECK ("nfts"."donation_share" > 0 AND "nfts"."donation_share" <= 1)
);
--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_nft_id_nfts_id_fk" FOREIGN KEY ("nft_id") REFERENCES "public"."nfts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_nft_id_nfts_id_fk" FOREIGN KEY ("nft_id") REFERENCES "public"."nfts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charity_payouts_tx" ON "charity_payouts" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "charity_payouts_client_key" ON "charity_payouts" USING btree ("operator_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_bids_client_key" ON "nft_bids" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE INDEX "nft_bids_nft" ON "nft_bids" USING btree ("nft_id","id");--> statement-breakpoint
CREATE INDEX "nft_bids_user" ON "nft_bids" USING btree ("user_id","nft_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_bids_one_held" ON "nft_bids" USING btree ("nft_id") WHERE "nft_bids"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "nft_sales_nft" ON "nft_sales" USING btree ("nft_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nfts_code" ON "nfts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "nfts_token" ON "nfts" USING btree ("chain","contract_address","token_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nfts_client_key" ON "nfts" USING btree ("listed_by","client_key");--> statement-breakpoint
CREATE INDEX "nfts_status_end" ON "nfts" USING btree ("status","end_time");--> statement-breakpoint
CREATE INDEX "nfts_owner" ON "nfts" USING btree ("owner_id");