CREATE TABLE "loan_accruals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"day_time" timestamp with time zone NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"rate" numeric(12, 10) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"client_key" text,
	"interest" numeric(38, 18) NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"sold" numeric(38, 18),
	"price" numeric(38, 18),
	"returned" numeric(38, 18),
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_signatures" (
	"loan_id" bigint PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"data" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'pending_review' NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"collateral_asset" text NOT NULL,
	"collateral_amount" numeric(38, 18) NOT NULL,
	"collateral_initial" numeric(38, 18) NOT NULL,
	"price_at_submit" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"daily_rate" numeric(12, 10) NOT NULL,
	"interest_free_days" integer NOT NULL,
	"overlay_rate" numeric(12, 10) NOT NULL,
	"initial_ltv" numeric(12, 10) NOT NULL,
	"warning_ltv" numeric(12, 10) NOT NULL,
	"margin_call_ltv" numeric(12, 10) NOT NULL,
	"liquidation_ltv" numeric(12, 10) NOT NULL,
	"liquidation_fee" numeric(12, 10) NOT NULL,
	"liquidation_overdue_days" integer NOT NULL,
	"agreement_version" text NOT NULL,
	"agreement_language" text NOT NULL,
	"full_name" text NOT NULL,
	"client_key" text NOT NULL,
	"first_approved_by" bigint,
	"first_approved_at" timestamp with time zone,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"start_time" timestamp with time zone,
	"due_time" timestamp with time zone,
	"principal_outstanding" numeric(38, 18) NOT NULL,
	"interest_accrued" numeric(38, 18) DEFAULT '0' NOT NULL,
	"interest_paid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fees_paid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"days_accrued" integer DEFAULT 0 NOT NULL,
	"warned_level" integer DEFAULT 0 NOT NULL,
	"liquidation_returned" numeric(38, 18),
	"shortfall" numeric(38, 18),
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loans_amounts" CHECK ("loans"."amount" > 0 AND "loans"."collateral_amount" >= 0 AND "loans"."principal_outstanding" >= 0 AND "loans"."days" > 0)
);
--> statement-breakpoint
ALTER TABLE "loan_accruals" ADD CONSTRAINT "loan_accruals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_movements" ADD CONSTRAINT "loan_movements_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_signatures" ADD CONSTRAINT "loan_signatures_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_accruals_day" ON "loan_accruals" USING btree ("loan_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_movements_client_key" ON "loan_movements" USING btree ("loan_id","client_key");--> statement-breakpoint
CREATE INDEX "loan_movements_loan" ON "loan_movements" USING btree ("loan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_client_key" ON "loans" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_pending" ON "loans" USING btree ("user_id") WHERE "loans"."status" = 'pending_review';--> statement-breakpoint
CREATE INDEX "loans_user" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_status" ON "loans" USING btree ("status","id");