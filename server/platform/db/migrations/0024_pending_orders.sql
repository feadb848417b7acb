ALTER TABLE "options_orders" ADD COLUMN "trailing_distance" numeric;--> statement-breakpoint
CREATE TABLE "options_pending_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"book" text NOT NULL,
	"code" text NOT NULL,
	"direction" text NOT NULL,
	"entry_kind" text NOT NULL,
	"entry_price" numeric NOT NULL,
	"lots" numeric NOT NULL,
	"leverage" integer NOT NULL,
	"period_seconds" integer NOT NULL,
	"stop_loss" numeric,
	"take_profit" numeric,
	"trailing_distance" numeric,
	"hold" numeric(38, 18) NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"order_id" bigint,
	"refused_code" integer,
	"client_key" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	CONSTRAINT "options_pending_orders_figures" CHECK ("options_pending_orders"."lots" > 0 AND "options_pending_orders"."entry_price" > 0 AND "options_pending_orders"."hold" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "options_pending_orders_client_key" ON "options_pending_orders" USING btree ("user_id","book","client_key");--> statement-breakpoint
CREATE INDEX "options_pending_orders_user" ON "options_pending_orders" USING btree ("user_id","book","id");--> statement-breakpoint
CREATE INDEX "options_pending_orders_pending" ON "options_pending_orders" USING btree ("created_at") WHERE "options_pending_orders"."status" = 'pending';
