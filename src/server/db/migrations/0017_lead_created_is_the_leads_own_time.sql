-- A lead's `created` activity is now read from the lead's own creation time (listLeadActivity):
-- the rows written for it until now would show it twice.
DELETE FROM "lead_activity" WHERE "kind" = 'created';
