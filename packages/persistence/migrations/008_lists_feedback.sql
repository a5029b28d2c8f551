-- Accounts' allow and block lists, the receipts of the results accounts received (what they were told, never the
-- message), their feedback on those results, and their feedback settings. Every row belongs to one account.
CREATE TABLE IF NOT EXISTS account_list_entries (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  list text NOT NULL CHECK (list IN ('allow', 'block')),
  kind text NOT NULL CHECK (kind IN ('domain', 'url', 'phone', 'sender')),
  value text NOT NULL,
  note text,
  expires_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (account_id, list, kind, value)
);
CREATE INDEX IF NOT EXISTS account_list_entries_page ON account_list_entries (account_id, list, created_at DESC, id DESC);

CREATE TABLE IF NOT EXISTS result_receipts (
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  result_id text NOT NULL,
  channel text NOT NULL,
  subject text,
  verdict text NOT NULL,
  risk_score integer NOT NULL,
  rules jsonb NOT NULL,
  test_mode boolean NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, result_id)
);
CREATE INDEX IF NOT EXISTS result_receipts_received_at ON result_receipts (received_at);

CREATE TABLE IF NOT EXISTS result_feedback (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  result_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('false_positive', 'false_negative', 'comment')),
  comment text,
  channel text NOT NULL,
  subject text,
  verdict text NOT NULL,
  risk_score integer NOT NULL,
  rules jsonb NOT NULL,
  test_mode boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (account_id, result_id)
);
CREATE INDEX IF NOT EXISTS result_feedback_page ON result_feedback (account_id, updated_at, id);

CREATE TABLE IF NOT EXISTS account_feedback_settings (
  account_id text PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  share_as_community_reports boolean NOT NULL,
  updated_at timestamptz NOT NULL
);
