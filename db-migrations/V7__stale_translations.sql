-- A translation whose original changed after it was last written (issue 21, item 12): the revision that changed
-- the original, and when. Null: up to date.
alter table translation add column stale_since_revision integer;
alter table translation add column stale_since_at timestamp with time zone;
