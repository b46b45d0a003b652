CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
-- Not a tenant table (counts are kept before any company is known): no row-level security. Migration 0002's default
-- privileges already grant this to the app's role when the role that ran 0002 runs this one too; the explicit grant
-- (as in 0003) keeps it so when another role runs the migrations.
GRANT SELECT, INSERT, UPDATE, DELETE ON rate_limits TO tourdesk_app;
