-- Covering indexes for the reports (issue 5): a year of a company's bookings is counted and paged from the index
-- alone (index-only scans), never from the table. Drizzle's schema builder cannot express INCLUDE, so they live
-- here; server/db/schema.ts notes them.
CREATE INDEX IF NOT EXISTS "bookings_report_date_idx" ON "bookings" ("company_id", "date", "time", "id") INCLUDE ("cancelled", "source", "tour");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_report_created_idx" ON "bookings" ("company_id", "created_at", "id") INCLUDE ("cancelled", "source", "tour");
