CREATE TABLE "insight_summaries" (
	"company_id" uuid NOT NULL,
	"week_start" varchar(10) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_summaries_company_id_week_start_pk" PRIMARY KEY("company_id","week_start")
);
--> statement-breakpoint
DROP INDEX "conversations_company_idx";--> statement-breakpoint
ALTER TABLE "insight_summaries" ADD CONSTRAINT "insight_summaries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_company_created_idx" ON "conversations" USING btree ("company_id","created_at");