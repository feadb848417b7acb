CREATE TABLE "reject_reasons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"text" text NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_windows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"factor" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"last_review_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "review_window" jsonb;--> statement-breakpoint
ALTER TABLE "review_windows" ADD CONSTRAINT "review_windows_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_windows" ADD CONSTRAINT "review_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reject_reasons_queue" ON "reject_reasons" USING btree ("queue","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reject_reasons_live_text" ON "reject_reasons" USING btree ("queue",lower("text")) WHERE "reject_reasons"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "review_windows_session" ON "review_windows" USING btree ("session_id","ends_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_queue_age" ON "kyc_submissions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "loans_queue_age" ON "loans" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "loans_queue_amount" ON "loans" USING btree ("status","amount","id");--> statement-breakpoint
CREATE INDEX "deposits_queue_age" ON "deposits" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "deposits_queue_amount" ON "deposits" USING btree ("status","amount","id");--> statement-breakpoint
CREATE INDEX "withdrawals_queue_age" ON "withdrawals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_queue_amount" ON "withdrawals" USING btree ("status","amount","id");