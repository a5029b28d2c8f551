-- OAuth 2.1 server: registered clients, authorization codes, token families (one per approved authorization) with
-- their access and refresh tokens, and the sign-in sessions of the consent pages. Every secret is a SHA-256 hash.
CREATE TABLE IF NOT EXISTS oauth_clients (
  client_id text PRIMARY KEY,
  secret_hash text,
  client_name text NOT NULL,
  redirect_uris jsonb NOT NULL,
  grant_types jsonb NOT NULL,
  token_endpoint_auth_method text NOT NULL
    CHECK (token_endpoint_auth_method IN ('client_secret_basic', 'client_secret_post', 'none')),
  created_at timestamptz NOT NULL
);

-- account_id has no foreign key so the OAuth tables stand apart from the account store that owns accounts.
CREATE TABLE IF NOT EXISTS oauth_families (
  id text PRIMARY KEY,
  client_id text NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
  account_id text NOT NULL,
  scopes text NOT NULL,
  resource text NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS oauth_families_account ON oauth_families (account_id);

CREATE TABLE IF NOT EXISTS oauth_codes (
  code_hash text PRIMARY KEY,
  family_id text NOT NULL REFERENCES oauth_families(id) ON DELETE CASCADE,
  client_id text NOT NULL,
  account_id text NOT NULL,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  scopes text NOT NULL,
  resource text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS oauth_codes_expires ON oauth_codes (expires_at);

CREATE TABLE IF NOT EXISTS oauth_access_tokens (
  token_hash text PRIMARY KEY,
  family_id text NOT NULL REFERENCES oauth_families(id) ON DELETE CASCADE,
  client_id text NOT NULL,
  account_id text NOT NULL,
  scopes text NOT NULL,
  resource text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS oauth_access_tokens_family ON oauth_access_tokens (family_id);
CREATE INDEX IF NOT EXISTS oauth_access_tokens_expires ON oauth_access_tokens (expires_at);

CREATE TABLE IF NOT EXISTS oauth_refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id text NOT NULL REFERENCES oauth_families(id) ON DELETE CASCADE,
  client_id text NOT NULL,
  account_id text NOT NULL,
  scopes text NOT NULL,
  resource text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz
);
CREATE INDEX IF NOT EXISTS oauth_refresh_tokens_family ON oauth_refresh_tokens (family_id);
CREATE INDEX IF NOT EXISTS oauth_refresh_tokens_expires ON oauth_refresh_tokens (expires_at);

CREATE TABLE IF NOT EXISTS oauth_sessions (
  id_hash text PRIMARY KEY,
  account_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS oauth_sessions_expires ON oauth_sessions (expires_at);
