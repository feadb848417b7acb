CREATE TABLE "price_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"level" numeric,
	"percent" numeric,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone,
	"fired_price" numeric,
	"fired_move" numeric,
	CONSTRAINT "price_alerts_terms" CHECK (("price_alerts"."kind" IN ('above', 'below') AND "price_alerts"."level" > 0 AND "price_alerts"."percent" IS NULL) OR ("price_alerts"."kind" = 'move' AND "price_alerts"."percent" > 0 AND "price_alerts"."level" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "equity_snapshots" (
	"user_id" bigint NOT NULL,
	"book" text NOT NULL,
	"day" date NOT NULL,
	"equity" numeric(38, 6) NOT NULL,
	"parts" jsonb NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	CONSTRAINT "equity_snapshots_user_id_book_day_pk" PRIMARY KEY("user_id","book","day")
);
--> statement-breakpoint
CREATE INDEX "price_alerts_user" ON "price_alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "price_alerts_changed" ON "price_alerts" USING btree ("status","updated_at");
