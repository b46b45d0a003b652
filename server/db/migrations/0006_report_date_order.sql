DROP INDEX "bookings_slot_idx";--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("company_id","date","time","tour","id");