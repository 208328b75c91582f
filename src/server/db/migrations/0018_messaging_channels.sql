CREATE TABLE "channel_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"conversation_id" uuid,
	"channel" varchar(10) NOT NULL,
	"direction" varchar(3) NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"payload" jsonb,
	"provider" varchar(10) NOT NULL,
	"provider_id" text,
	"status" varchar(10) NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_messages_direction_check" CHECK ("channel_messages"."direction" in ('in', 'out')),
	CONSTRAINT "channel_messages_status_check" CHECK ("channel_messages"."status" in ('received', 'queued', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "channel_opt_outs" (
	"company_id" uuid NOT NULL,
	"channel" varchar(10) NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_opt_outs_company_id_channel_phone_pk" PRIMARY KEY("company_id","channel","phone")
);
--> statement-breakpoint
CREATE TABLE "messaging_channels" (
	"company_id" uuid NOT NULL,
	"channel" varchar(10) NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text NOT NULL,
	"verify_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_channels_company_id_channel_pk" PRIMARY KEY("company_id","channel"),
	CONSTRAINT "messaging_channels_channel_check" CHECK ("messaging_channels"."channel" in ('whatsapp', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "channel" varchar(10) DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_opt_outs" ADD CONSTRAINT "channel_opt_outs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_channels" ADD CONSTRAINT "messaging_channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_messages_provider_idx" ON "channel_messages" USING btree ("company_id","channel","direction","provider_id") WHERE provider_id is not null;--> statement-breakpoint
CREATE INDEX "channel_messages_conversation_idx" ON "channel_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_messages_phone_idx" ON "channel_messages" USING btree ("company_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "conversations_thread_idx" ON "conversations" USING btree ("company_id","channel","contact_phone","created_at" DESC NULLS LAST) WHERE contact_phone is not null;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_channel_check" CHECK ("conversations"."channel" in ('web', 'whatsapp', 'sms'));