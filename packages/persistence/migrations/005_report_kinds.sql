-- Which channels take community reports is the channel registry's to say (a channel marked `reportable`), and the
-- report use case refuses any other kind before it reaches the store. The table keeps only a shape check, so a
-- channel that becomes reportable needs no schema change.
ALTER TABLE community_reports DROP CONSTRAINT IF EXISTS community_reports_kind_check;
ALTER TABLE community_reports ADD CONSTRAINT community_reports_kind_shape CHECK (kind ~ '^[a-z][a-z0-9_]{0,31}$');
