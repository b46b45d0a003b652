ALTER TABLE "import_mappings" DROP CONSTRAINT "import_mappings_company_id_source_pk";--> statement-breakpoint
ALTER TABLE "import_mappings" ADD COLUMN "header_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_company_id_source_header_key_pk" PRIMARY KEY("company_id","source","header_key");--> statement-breakpoint
CREATE INDEX "events_operation_idx" ON "events" USING btree ("company_id","operation_id") WHERE "events"."operation_id" is not null;
