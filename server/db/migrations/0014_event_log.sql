CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"booking_ids" uuid[] DEFAULT '{}' NOT NULL,
	"day" date,
	"time" text,
	"tour" text,
	"member_id" uuid,
	"member_name" text NOT NULL,
	"device_id" text,
	"user_agent" text,
	"operation_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "events_company_idx" ON "events" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "events_booking_idx" ON "events" USING gin ("booking_ids");--> statement-breakpoint
CREATE INDEX "events_slot_idx" ON "events" USING btree ("company_id","day","time","tour","id");--> statement-breakpoint
-- Append-only for the app: it may add and read events, never change or remove them (0002's default privileges
-- granted it more). Isolated like every tenant table.
REVOKE ALL ON events FROM tourdesk_app;--> statement-breakpoint
GRANT SELECT, INSERT ON events TO tourdesk_app;--> statement-breakpoint
ALTER TABLE events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON events USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
