CREATE TABLE "bookings" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"booking_id" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"tour" text NOT NULL,
	"source" text NOT NULL,
	"adults" smallint DEFAULT 0 NOT NULL,
	"teens" smallint DEFAULT 0 NOT NULL,
	"children" smallint DEFAULT 0 NOT NULL,
	"attended_adults" smallint DEFAULT 0 NOT NULL,
	"attended_teens" smallint DEFAULT 0 NOT NULL,
	"attended_children" smallint DEFAULT 0 NOT NULL,
	"pax" smallint NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"modified_by" text,
	"differences" text,
	"guide" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"before_time" integer DEFAULT 60 NOT NULL,
	"after_time" integer DEFAULT 60 NOT NULL,
	"hide_bookings" boolean,
	"unlock_bookings" boolean DEFAULT false NOT NULL,
	"show_phone_to_managers" boolean DEFAULT true NOT NULL,
	"show_phone_to_guides" boolean DEFAULT false NOT NULL,
	"display" boolean DEFAULT false NOT NULL,
	"hide_sources_copy_only" boolean DEFAULT false NOT NULL,
	"display_sources_modal" boolean DEFAULT false NOT NULL,
	"detailed_shifts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"company_id" uuid NOT NULL,
	"unique_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_company_id_unique_id_pk" PRIMARY KEY("company_id","unique_id")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "shift_guides" (
	"company_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"adults" smallint DEFAULT 0 NOT NULL,
	"teens" smallint DEFAULT 0 NOT NULL,
	"children" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "shift_guides_company_id_shift_id_user_id_pk" PRIMARY KEY("company_id","shift_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"shift_string" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"tour" text NOT NULL,
	"total_adults" smallint DEFAULT 0 NOT NULL,
	"total_teens" smallint DEFAULT 0 NOT NULL,
	"total_children" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sources_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"color" text DEFAULT 'default' NOT NULL,
	"flag" text DEFAULT 'none' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tours_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"assignable" boolean DEFAULT false NOT NULL,
	"password_hash" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_guides" ADD CONSTRAINT "shift_guides_company_id_shift_id_shifts_company_id_id_fk" FOREIGN KEY ("company_id","shift_id") REFERENCES "public"."shifts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_guides" ADD CONSTRAINT "shift_guides_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("company_id","date","time","tour");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("company_id","family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "shift_guides_user_idx" ON "shift_guides" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_company_string_key" ON "shifts" USING btree ("company_id","shift_string");--> statement-breakpoint
CREATE INDEX "shifts_company_date_idx" ON "shifts" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_company_label_key" ON "sources" USING btree ("company_id","label");--> statement-breakpoint
CREATE UNIQUE INDEX "tours_company_label_key" ON "tours" USING btree ("company_id","label");--> statement-breakpoint
CREATE UNIQUE INDEX "users_active_email_key" ON "users" USING btree ("email") WHERE "users"."deleted_at" is null;