CREATE TABLE "viewing_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"viewing_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"channel" varchar(10) NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewing_messages_kind_check" CHECK ("viewing_messages"."kind" in ('request', 'see_you_soon', 'released'))
);
--> statement-breakpoint
ALTER TABLE "viewings" DROP CONSTRAINT "viewings_status_check";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "quiet_hours" jsonb DEFAULT '{"from":"20:00","to":"08:00"}'::jsonb;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "release_unconfirmed_hours" integer;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "change_offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "viewing_messages" ADD CONSTRAINT "viewing_messages_viewing_id_viewings_id_fk" FOREIGN KEY ("viewing_id") REFERENCES "public"."viewings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_messages" ADD CONSTRAINT "viewing_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "viewing_messages_once_idx" ON "viewing_messages" USING btree ("viewing_id","kind","starts_at");--> statement-breakpoint
CREATE INDEX "viewings_live_start_idx" ON "viewings" USING btree ("starts_at") WHERE status = 'booked';--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_release_unconfirmed_hours_check" CHECK ("companies"."release_unconfirmed_hours" is null or "companies"."release_unconfirmed_hours" between 1 and 23);--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_status_check" CHECK ("viewings"."status" in ('booked', 'attended', 'no_show', 'cancelled', 'released'));--> statement-breakpoint
-- Viewings booked before confirmations existed: a reminder already sent stands for the request.
INSERT INTO "viewing_messages" ("viewing_id", "company_id", "kind", "starts_at", "channel", "outcome")
SELECT "id", "company_id", 'request', "starts_at", 'email', 'sent' FROM "viewings"
WHERE "status" = 'booked' AND "reminder_sent_at" IS NOT NULL;
