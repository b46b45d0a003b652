CREATE TABLE "departure_exceptions" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"tour_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"kind" text NOT NULL,
	"capacity" smallint,
	CONSTRAINT "departure_exceptions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "departures" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"tour_id" uuid NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"time" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"capacity" smallint,
	CONSTRAINT "departures_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "departure_exceptions" ADD CONSTRAINT "departure_exceptions_company_id_tour_id_tours_company_id_id_fk" FOREIGN KEY ("company_id","tour_id") REFERENCES "public"."tours"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_company_id_tour_id_tours_company_id_id_fk" FOREIGN KEY ("company_id","tour_id") REFERENCES "public"."tours"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departure_exceptions_day_idx" ON "departure_exceptions" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "departures_tour_idx" ON "departures" USING btree ("company_id","tour_id");--> statement-breakpoint
-- Tenant tables, isolated like every other (0002): the app's role sees its company's rows only.
GRANT SELECT, INSERT, UPDATE, DELETE ON departures, departure_exceptions TO tourdesk_app;--> statement-breakpoint
ALTER TABLE departures ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE departures FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON departures USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE departure_exceptions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE departure_exceptions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON departure_exceptions USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
