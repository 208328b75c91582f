-- The same tenant (the same email or phone) for the same property within 24 hours is one lead
-- and one credit (docs/pipeline.md). Exclusion constraints, so that concurrent ends on several
-- instances cannot make two: two leads' 24-hour windows may not overlap for one property and
-- one email, nor for one property and one phone. drizzle-kit cannot write these; the window is
-- in UTC wall time because an index expression must be immutable.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_one_per_email_a_day" EXCLUDE USING gist (
  "property_id" WITH =,
  lower("email") WITH =,
  tsrange("created_at" AT TIME ZONE 'UTC', ("created_at" AT TIME ZONE 'UTC') + interval '24 hours') WITH &&
);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_one_per_phone_a_day" EXCLUDE USING gist (
  "property_id" WITH =,
  "contact_number" WITH =,
  tsrange("created_at" AT TIME ZONE 'UTC', ("created_at" AT TIME ZONE 'UTC') + interval '24 hours') WITH &&
);
