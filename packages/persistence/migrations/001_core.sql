-- Accounts, API keys (hashes only), quota counters, the shared result cache and community reports.
CREATE TABLE IF NOT EXISTS accounts (
  id text PRIMARY KEY,
  email text NOT NULL,
  password_hash text,
  plan text NOT NULL,
  pending_plan text,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  custom_quotas jsonb,
  custom_rpm integer,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS accounts_email_lower ON accounts (lower(email));

CREATE TABLE IF NOT EXISTS api_keys (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('live', 'test')),
  prefix text NOT NULL,
  hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS api_keys_account ON api_keys (account_id);

CREATE TABLE IF NOT EXISTS quota_usage (
  account_id text NOT NULL REFERENCES accounts(id),
  channel text NOT NULL,
  period_start timestamptz NOT NULL,
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (account_id, channel, period_start)
);

CREATE TABLE IF NOT EXISTS result_cache (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS result_cache_expires ON result_cache (expires_at);

CREATE TABLE IF NOT EXISTS community_reports (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  kind text NOT NULL CHECK (kind IN ('url', 'phone')),
  value text NOT NULL,
  category text NOT NULL,
  comment text,
  day date NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (account_id, kind, value, day)
);
CREATE INDEX IF NOT EXISTS community_reports_value ON community_reports (kind, value);
