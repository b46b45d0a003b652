CREATE TABLE "import_mappings" (
	"company_id" uuid NOT NULL,
	"source" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_company_id_source_pk" PRIMARY KEY("company_id","source")
);
--> statement-breakpoint
-- Isolated like every tenant table (0002).
ALTER TABLE import_mappings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE import_mappings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON import_mappings USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
