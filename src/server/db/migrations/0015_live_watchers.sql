CREATE TABLE "live_watchers" (
	"company_id" uuid NOT NULL,
	"instance_id" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "live_watchers_company_id_instance_id_pk" PRIMARY KEY("company_id","instance_id")
);
--> statement-breakpoint
ALTER TABLE "live_watchers" ADD CONSTRAINT "live_watchers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;