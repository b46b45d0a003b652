ALTER TABLE "api_keys" ADD COLUMN "source_ids" uuid[];--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "phone_from_channel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A key made before keys had sources reaches the source its name is (any case); any other waits for a Manager.
UPDATE api_keys k SET source_ids = (
  SELECT array_agg(s.id ORDER BY s.position) FROM sources s
   WHERE s.company_id = k.company_id AND lower(s.label) = lower(trim(k.name))
);
