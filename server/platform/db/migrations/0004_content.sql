CREATE TABLE "content_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"type" smallint,
	"category" text,
	"slug" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_page_type" CHECK (("content_items"."kind" = 'page') = ("content_items"."type" IS NOT NULL) AND ("content_items"."type" IS NULL OR "content_items"."type" IN (1, 2, 3)))
);
--> statement-breakpoint
CREATE TABLE "content_texts" (
	"item_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_texts_item_id_lang_pk" PRIMARY KEY("item_id","lang")
);
--> statement-breakpoint
CREATE TABLE "params" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'config' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_texts" ADD CONSTRAINT "content_texts_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_kind_slug" ON "content_items" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "content_items_kind_type" ON "content_items" USING btree ("kind","type","sort");