ALTER TABLE "sources" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "archived_at" timestamp with time zone;