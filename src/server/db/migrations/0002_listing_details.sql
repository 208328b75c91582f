ALTER TABLE "properties" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "furnishing" varchar(20);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "pets_policy" varchar(20);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "bills_included" boolean;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "council_tax_band" varchar(1);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "epc_rating" varchar(1);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "deposit" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "minimum_term_months" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "features" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_deposit_check" CHECK ("properties"."deposit" >= 0);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_minimum_term_check" CHECK ("properties"."minimum_term_months" between 1 and 120);