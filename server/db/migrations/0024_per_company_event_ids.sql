CREATE TABLE "event_log_heads" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL
);
--> statement-breakpoint
-- Event ids are counted per company from now on, so a company's ids say nothing of what the others write. Events
-- already written keep theirs, so a stream's Last-Event-ID from before resumes exactly: those ids told their
-- company only what its streams had already shown. Each company counts on from its last; a new one from 1.
ALTER TABLE "events" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_pkey";--> statement-breakpoint
DROP INDEX "events_company_idx";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_id_pk" PRIMARY KEY("company_id","id");--> statement-breakpoint
INSERT INTO event_log_heads (company_id, last_id) SELECT company_id, max(id) FROM events GROUP BY company_id;--> statement-breakpoint
-- The app moves a company's head on as it appends (never deletes one); isolated like every tenant table.
REVOKE ALL ON event_log_heads FROM tourdesk_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON event_log_heads TO tourdesk_app;--> statement-breakpoint
ALTER TABLE event_log_heads ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE event_log_heads FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON event_log_heads USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
