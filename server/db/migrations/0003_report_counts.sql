CREATE TABLE "report_counts" (
	"company_id" uuid NOT NULL,
	"field" text NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"tour" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_counts_company_id_field_day_source_tour_pk" PRIMARY KEY("company_id","field","day","source","tour")
);
--> statement-breakpoint
ALTER TABLE "report_counts" ADD CONSTRAINT "report_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand: the triggers that keep report_counts exact on every write path (service, seed, fixtures, bulk
-- SQL). A booking counts once by tour date and once by its creation day in the company's timezone, unless cancelled.
-- Inserts and deletes are counted per statement (one grouped upsert, in key order, however many rows); updates per
-- row, and only when a counted column changes (check-ins and guide assignments never touch the counts).
-- The functions run as the caller: under row-level security they write only the rows of the company in app.company_id.
CREATE FUNCTION report_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_counts AS rc (company_id, field, day, source, tour, n)
  SELECT b.company_id, f.field, f.day, b.source, b.tour, count(*)::int
  FROM new_rows b
  JOIN companies c ON c.id = b.company_id
  CROSS JOIN LATERAL (VALUES ('date', b.date), ('created', (b.created_at AT TIME ZONE c.timezone)::date)) AS f (field, day)
  WHERE NOT b.cancelled
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, field, day, source, tour) DO UPDATE SET n = rc.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A company's deletion cascades to its bookings after its own row is gone: the join then skips them.
CREATE FUNCTION report_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_counts AS rc (company_id, field, day, source, tour, n)
  SELECT b.company_id, f.field, f.day, b.source, b.tour, -count(*)::int
  FROM old_rows b
  JOIN companies c ON c.id = b.company_id
  CROSS JOIN LATERAL (VALUES ('date', b.date), ('created', (b.created_at AT TIME ZONE c.timezone)::date)) AS f (field, day)
  WHERE NOT b.cancelled
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, field, day, source, tour) DO UPDATE SET n = rc.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_counts AS rc (company_id, field, day, source, tour, n)
  SELECT d.company_id, d.field, d.day, d.source, d.tour, sum(d.n)::int
  FROM (
    SELECT OLD.company_id, f.field, f.day, OLD.source, OLD.tour, -1
    FROM companies c
    CROSS JOIN LATERAL (VALUES ('date', OLD.date), ('created', (OLD.created_at AT TIME ZONE c.timezone)::date)) AS f (field, day)
    WHERE c.id = OLD.company_id AND NOT OLD.cancelled
    UNION ALL
    SELECT NEW.company_id, f.field, f.day, NEW.source, NEW.tour, 1
    FROM companies c
    CROSS JOIN LATERAL (VALUES ('date', NEW.date), ('created', (NEW.created_at AT TIME ZONE c.timezone)::date)) AS f (field, day)
    WHERE c.id = NEW.company_id AND NOT NEW.cancelled
  ) AS d (company_id, field, day, source, tour, n)
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(d.n) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, field, day, source, tour) DO UPDATE SET n = rc.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A new timezone moves bookings across creation days: that company's 'created' rows are recounted in the same
-- transaction, so reports by booking date always use the zone that rangeInstants uses, the current one.
CREATE FUNCTION report_counts_after_timezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_counts WHERE company_id = NEW.id AND field = 'created';
  INSERT INTO report_counts (company_id, field, day, source, tour, n)
  SELECT b.company_id, 'created', (b.created_at AT TIME ZONE NEW.timezone)::date, b.source, b.tour, count(*)::int
  FROM bookings b
  WHERE b.company_id = NEW.id AND NOT b.cancelled
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_report_counts_insert AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER bookings_report_counts_delete AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER bookings_report_counts_update AFTER UPDATE OF company_id, date, source, tour, cancelled, created_at ON bookings
  FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.date IS DISTINCT FROM NEW.date
    OR OLD.source IS DISTINCT FROM NEW.source OR OLD.tour IS DISTINCT FROM NEW.tour
    OR OLD.cancelled IS DISTINCT FROM NEW.cancelled OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION report_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER bookings_report_counts_truncate AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER companies_report_counts_timezone AFTER UPDATE OF timezone ON companies
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION report_counts_after_timezone();
--> statement-breakpoint
-- The bookings already there.
INSERT INTO report_counts (company_id, field, day, source, tour, n)
SELECT b.company_id, f.field, f.day, b.source, b.tour, count(*)::int
FROM bookings b
JOIN companies c ON c.id = b.company_id
CROSS JOIN LATERAL (VALUES ('date', b.date), ('created', (b.created_at AT TIME ZONE c.timezone)::date)) AS f (field, day)
WHERE NOT b.cancelled
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
ALTER TABLE report_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE report_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON report_counts USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON report_counts TO tourdesk_app;
