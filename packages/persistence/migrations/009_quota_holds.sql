-- Quota holds: the unit a lookup took while it runs. The lookup deletes its row when it finishes (the unit stays
-- charged) or gives the unit back with it when it fails; a row left past expires_at belongs to a lookup cut off by a
-- crash, and the sweep gives its unit back.
CREATE TABLE IF NOT EXISTS quota_holds (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  channel text NOT NULL,
  period_start timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS quota_holds_expires_at ON quota_holds (expires_at);
