-- Every booking gets a short code of its own (its QR, a guide's scan): 8 characters from an alphabet without 0/O/1/I,
-- unique per company. The bookings already there are given one here, from gen_random_uuid's random bytes (a byte
-- modulo 32 picks a letter without bias; bytes 6 and 8 hold the uuid's fixed version and variant bits).
ALTER TABLE "bookings" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE FUNCTION tourdesk_new_booking_reference() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', get_byte(u.b, i) % 32 + 1, 1), '' ORDER BY i)
    FROM (SELECT uuid_send(gen_random_uuid()) AS b) u, unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 9]) AS i
$$;--> statement-breakpoint
UPDATE "bookings" SET "reference" = tourdesk_new_booking_reference();--> statement-breakpoint
-- The rare code drawn twice in a company is drawn again until none is.
DO $$
BEGIN
  LOOP
    UPDATE "bookings" b SET "reference" = tourdesk_new_booking_reference()
      FROM (SELECT company_id, id, row_number() OVER (PARTITION BY company_id, reference ORDER BY id) AS n
              FROM "bookings") d
     WHERE d.n > 1 AND b.company_id = d.company_id AND b.id = d.id;
    EXIT WHEN NOT FOUND;
  END LOOP;
END
$$;--> statement-breakpoint
DROP FUNCTION tourdesk_new_booking_reference();--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_key" ON "bookings" USING btree ("company_id","reference");--> statement-breakpoint
-- A scanned voucher's channel reference, whatever its source and case.
CREATE INDEX "bookings_channel_ref_idx" ON "bookings" USING btree ("company_id",lower("booking_id"));--> statement-breakpoint
-- A source's pattern finds the channel's reference in what a scanner reads from that channel's vouchers.
ALTER TABLE "sources" ADD COLUMN "scan_pattern" text;
