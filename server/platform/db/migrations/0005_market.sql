CREATE TABLE "instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"name" text NOT NULL,
	"price_precision" integer NOT NULL,
	"quantity_step" numeric NOT NULL,
	"hours" text NOT NULL,
	"source" text DEFAULT 'simulated' NOT NULL,
	"ref_price" numeric NOT NULL,
	"volatility" double precision NOT NULL,
	"daily_turnover" double precision NOT NULL,
	"sort_order" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"history_seed" text NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"anchor_price" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instruments_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "market_candles" (
	"code" text NOT NULL,
	"interval" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"open" numeric NOT NULL,
	"high" numeric NOT NULL,
	"low" numeric NOT NULL,
	"close" numeric NOT NULL,
	"volume" numeric NOT NULL,
	CONSTRAINT "market_candles_code_interval_time_pk" PRIMARY KEY("code","interval","time")
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_code_instruments_code_fk" FOREIGN KEY ("code") REFERENCES "public"."instruments"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instruments_type" ON "instruments" USING btree ("type","sort_order");