CREATE TABLE "platform_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"instance" text,
	"leader_since" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_duration_ms" integer,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
