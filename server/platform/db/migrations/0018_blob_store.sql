CREATE TABLE "blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"modified_at" bigint NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_images" ALTER COLUMN "key_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_images" ALTER COLUMN "iv" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_images" ALTER COLUMN "tag" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_images" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "support_attachments" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_signatures" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_images" ADD COLUMN "blob_key" text;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD COLUMN "blob_key" text;--> statement-breakpoint
ALTER TABLE "loan_signatures" ADD COLUMN "blob_key" text;