DROP INDEX "leads_company_assignee_idx";--> statement-breakpoint
DROP INDEX "leads_company_source_idx";--> statement-breakpoint
CREATE INDEX "leads_company_assignee_idx" ON "leads" USING btree ("company_id","assignee_id") WHERE assignee_id is not null;--> statement-breakpoint
CREATE INDEX "leads_company_source_idx" ON "leads" USING btree ("company_id","source") WHERE source is not null;