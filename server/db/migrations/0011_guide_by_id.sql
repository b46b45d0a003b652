-- Bookings name their guide by id (the name stays, as shown), and two active members of a company may not share a
-- name: a guide's bookings are no longer anyone's who later takes the same name.
ALTER TABLE "bookings" ADD COLUMN "guide_id" uuid;--> statement-breakpoint
-- Each booking's guide is the member of that name who existed when the booking last changed, and had not left by then.
UPDATE bookings b SET guide_id = (
  SELECT u.id FROM users u
   WHERE u.company_id = b.company_id AND u.name = b.guide AND u.created_at <= b.updated_at
   ORDER BY (u.deleted_at IS NULL OR u.deleted_at > b.updated_at) DESC, u.created_at DESC
   LIMIT 1)
 WHERE b.guide IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_guide_idx" ON "bookings" USING btree ("company_id","guide_id","date");--> statement-breakpoint
-- Active members who share a name (parallel sign-ups could make them) become "Name (2)", "Name (3)", oldest first.
UPDATE users u SET name = u.name || ' (' || d.n || ')'
  FROM (SELECT company_id, id, row_number() OVER (PARTITION BY company_id, lower(name) ORDER BY created_at, id) AS n
          FROM users WHERE deleted_at IS NULL) d
 WHERE u.company_id = d.company_id AND u.id = d.id AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "users_active_name_key" ON "users" USING btree ("company_id",lower("name")) WHERE "users"."deleted_at" is null;
