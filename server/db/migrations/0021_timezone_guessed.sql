-- Sign-up guesses the company's zone (the browser's, or UTC) and the day page's checklist asks a Manager to confirm it.
-- Companies made before keep the zone they have as set.
ALTER TABLE "companies" ADD COLUMN "timezone_guessed" boolean DEFAULT false NOT NULL;