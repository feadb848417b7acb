CREATE TABLE "api_key_ips" (
	"key_id" text NOT NULL,
	"ip" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_key_ips_key_id_ip_pk" PRIMARY KEY("key_id","ip")
);
--> statement-breakpoint
CREATE TABLE "api_key_signatures" (
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_key_signatures_key_id_signature_pk" PRIMARY KEY("key_id","signature")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"scopes" text[] NOT NULL,
	"ips" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text
);
--> statement-breakpoint
ALTER TABLE "api_key_ips" ADD CONSTRAINT "api_key_ips_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_signatures_expires" ON "api_key_signatures" USING btree ("key_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_public_key" ON "api_keys" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "api_keys_user" ON "api_keys" USING btree ("user_id");