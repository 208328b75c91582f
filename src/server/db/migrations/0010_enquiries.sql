CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid,
	"source" varchar(30) NOT NULL,
	"status" varchar(20) DEFAULT 'invited' NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"message" text,
	"listing" jsonb NOT NULL,
	"reply_skipped_reason" text,
	"replied_at" timestamp with time zone,
	"followed_up_at" timestamp with time zone,
	"chatted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_status_check" CHECK ("enquiries"."status" in ('invited', 'chatted', 'no_response')),
	CONSTRAINT "enquiries_source_check" CHECK ("enquiries"."source" in ('rightmove', 'zoopla', 'onthemarket', 'email'))
);
--> statement-breakpoint
CREATE TABLE "enquiry_reply_guards" (
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"property_key" text NOT NULL,
	"replied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "enquiry_reply_guards_company_id_email_property_key_pk" PRIMARY KEY("company_id","email","property_key")
);
--> statement-breakpoint
CREATE TABLE "inbound_addresses" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"local_part" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_addresses_local_part_unique" UNIQUE("local_part")
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"message_id" text,
	"from_address" text,
	"subject" text,
	"text" text DEFAULT '' NOT NULL,
	"enquiry_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_kind_check" CHECK ("inbound_messages"."kind" in ('enquiry', 'auto_reply', 'bounce', 'own_address', 'unrecognised'))
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "source" varchar(30);--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "enquiry_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source" varchar(30);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "enquiry_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_reply_guards" ADD CONSTRAINT "enquiry_reply_guards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_addresses" ADD CONSTRAINT "inbound_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_company_created_idx" ON "enquiries" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_invited_idx" ON "enquiries" USING btree ("created_at") WHERE status = 'invited';--> statement-breakpoint
CREATE INDEX "inbound_messages_company_received_idx" ON "inbound_messages" USING btree ("company_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_company_message_id_idx" ON "inbound_messages" USING btree ("company_id","message_id");--> statement-breakpoint
CREATE INDEX "conversations_enquiry_idx" ON "conversations" USING btree ("enquiry_id") WHERE enquiry_id is not null;--> statement-breakpoint
CREATE INDEX "leads_enquiry_idx" ON "leads" USING btree ("enquiry_id") WHERE enquiry_id is not null;--> statement-breakpoint
CREATE INDEX "leads_company_source_idx" ON "leads" USING btree ("company_id","source");