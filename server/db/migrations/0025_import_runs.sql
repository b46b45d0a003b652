CREATE TABLE "imports" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"member_id" uuid,
	"member_name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"alive_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"status" text NOT NULL,
	"recorded" boolean DEFAULT true NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "imports_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_started_idx" ON "imports" USING btree ("company_id","started_at");--> statement-breakpoint
-- Isolated like every tenant table (0002).
ALTER TABLE imports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE imports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON imports USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
-- The imports made so far, as their own events recorded them when they ended. One made before imports had an id
-- gets one here, and stays one that cannot be undone.
INSERT INTO imports (company_id, id, file_name, member_id, member_name, started_at, alive_at, ended_at, status,
                     recorded, created, updated, cancelled, rejected)
SELECT company_id, coalesce(operation_id::uuid, gen_random_uuid()), coalesce(after->>'File', ''), member_id,
       member_name, at, at, at, 'finished', operation_id IS NOT NULL, coalesce((after->>'Created')::int, 0),
       coalesce((after->>'Updated')::int, 0), coalesce((after->>'Cancelled')::int, 0),
       coalesce((after->>'Rejected')::int, 0)
  FROM events
 WHERE kind = 'bookings.imported'
ON CONFLICT DO NOTHING;
