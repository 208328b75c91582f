DROP INDEX "conversations_status_activity_idx";--> statement-breakpoint
CREATE INDEX "conversations_active_idx" ON "conversations" USING btree ("created_at") WHERE status = 'active';--> statement-breakpoint
-- Room in each page for a turn's new row version beside the old one (a HOT update).
ALTER TABLE "conversations" SET (fillfactor = 70);
