CREATE TABLE "smart_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"asset" text DEFAULT 'USDT' NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"daily_rate" numeric(12, 10) NOT NULL,
	"daily_earning" numeric(38, 18) NOT NULL,
	"expected_profit" numeric(38, 18) NOT NULL,
	"early_exit_penalty" numeric(12, 10) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"days_paid" integer DEFAULT 0 NOT NULL,
	"total_earned" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'earning' NOT NULL,
	"penalty" numeric(38, 18),
	"closed_at" timestamp with time zone,
	"client_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_plans_amounts" CHECK ("smart_plans"."amount" > 0 AND "smart_plans"."days" > 0 AND "smart_plans"."days_paid" >= 0 AND "smart_plans"."days_paid" <= "smart_plans"."days")
);
--> statement-breakpoint
CREATE TABLE "smart_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"asset" text DEFAULT 'USDT' NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"terms" jsonb NOT NULL,
	"early_exit_penalty" numeric(12, 10) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_products_amounts" CHECK ("smart_products"."min_amount" > 0 AND "smart_products"."max_amount" >= "smart_products"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "smart_reserve_fundings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"note" text NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_reserve_fundings_amount" CHECK ("smart_reserve_fundings"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "smart_plans" ADD CONSTRAINT "smart_plans_product_id_smart_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."smart_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_plans_client_key" ON "smart_plans" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_plans_one_running" ON "smart_plans" USING btree ("user_id","product_id") WHERE "smart_plans"."status" = 'earning';--> statement-breakpoint
CREATE INDEX "smart_plans_user" ON "smart_plans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "smart_plans_due" ON "smart_plans" USING btree ("status","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_products_code" ON "smart_products" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_reserve_fundings_client_key" ON "smart_reserve_fundings" USING btree ("operator_id","client_key");