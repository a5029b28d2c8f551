-- Threat feed contents: one snapshot row per feed and its normalized indicators. A sync replaces both in one
-- transaction, so the in-memory threat index always loads a whole snapshot.
CREATE TABLE IF NOT EXISTS feed_snapshots (
  feed text PRIMARY KEY,
  records integer NOT NULL,
  sha256 text NOT NULL,
  source text NOT NULL,
  synced_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS feed_records (
  feed text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('url', 'host', 'domain')),
  value text NOT NULL,
  threat text,
  PRIMARY KEY (feed, kind, value)
);
