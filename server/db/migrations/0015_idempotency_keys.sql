CREATE TABLE "idempotency_keys" (
	"company_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" smallint NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_company_id_member_id_key_pk" PRIMARY KEY("company_id","member_id","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_age_idx" ON "idempotency_keys" USING btree ("company_id","member_id","created_at");--> statement-breakpoint
-- Isolated like every tenant table (0002).
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON idempotency_keys USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
