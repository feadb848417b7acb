CREATE TABLE "kyc_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"key_id" text NOT NULL,
	"iv" "bytea" NOT NULL,
	"tag" "bytea" NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" text NOT NULL,
	"sex" text NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"document_type" text NOT NULL,
	"reject_reason" text,
	"internal_note" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kyc_reject_reason" text;--> statement-breakpoint
ALTER TABLE "kyc_images" ADD CONSTRAINT "kyc_images_submission_id_kyc_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_images_kind" ON "kyc_images" USING btree ("submission_id","kind");--> statement-breakpoint
CREATE INDEX "kyc_images_key" ON "kyc_images" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_user" ON "kyc_submissions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_status" ON "kyc_submissions" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_pending" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."status" = 'pending';