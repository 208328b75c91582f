-- Endpoints that already share an address become one: the oldest keeps its secret and delivery
-- log and takes every event any of them chose, so no receiver loses an event it asked for.
UPDATE "webhook_endpoints" AS "keep" SET "events" = (
  SELECT jsonb_agg(DISTINCT "event" ORDER BY "event")
  FROM "webhook_endpoints" AS "same", jsonb_array_elements_text("same"."events") AS "event"
  WHERE "same"."company_id" = "keep"."company_id" AND "same"."url" = "keep"."url"
)
WHERE EXISTS (
  SELECT 1 FROM "webhook_endpoints" AS "other"
  WHERE "other"."company_id" = "keep"."company_id" AND "other"."url" = "keep"."url" AND "other"."id" <> "keep"."id"
);--> statement-breakpoint
DELETE FROM "webhook_endpoints" AS "later" USING "webhook_endpoints" AS "first"
WHERE "later"."company_id" = "first"."company_id" AND "later"."url" = "first"."url"
  AND ("later"."created_at", "later"."id") > ("first"."created_at", "first"."id");--> statement-breakpoint
DROP INDEX "webhook_endpoints_company_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_company_url_idx" ON "webhook_endpoints" USING btree ("company_id","url");
