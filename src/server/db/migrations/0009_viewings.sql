CREATE TABLE "viewings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid,
	"conversation_id" uuid,
	"property_name" text NOT NULL,
	"property_address" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" varchar(20) DEFAULT 'booked' NOT NULL,
	"manage_token" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"tenant_name" text,
	"tenant_email" text,
	"tenant_phone" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewings_manage_token_unique" UNIQUE("manage_token"),
	CONSTRAINT "viewings_status_check" CHECK ("viewings"."status" in ('booked', 'attended', 'no_show', 'cancelled')),
	CONSTRAINT "viewings_ends_after_start_check" CHECK ("viewings"."ends_at" > "viewings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "viewing_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "calendar_feed_token" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "viewing_settings" jsonb;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "viewings_one_live_per_conversation" ON "viewings" USING btree ("conversation_id") WHERE status = 'booked';--> statement-breakpoint
CREATE INDEX "viewings_property_start_live_idx" ON "viewings" USING btree ("property_id","starts_at") WHERE status = 'booked';--> statement-breakpoint
CREATE INDEX "viewings_company_start_idx" ON "viewings" USING btree ("company_id","starts_at");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_calendar_feed_token_unique" UNIQUE("calendar_feed_token");