-- Idempotency-Key records of the HTTP face's POSTs: per account, the SHA-256 of the credential and the key (never the
-- key), the digest of the request first sent with it, and, once it succeeded, only what replaying its answer needs.
-- A row without a status is a claim in flight until locked_until; every row is gone after expires_at (swept).
CREATE TABLE IF NOT EXISTS idempotency_keys (
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  key_hash text NOT NULL,
  request_hash text NOT NULL,
  owner text NOT NULL,
  locked_until timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  status integer,
  headers jsonb,
  body text,
  PRIMARY KEY (account_id, key_hash)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_expires_at ON idempotency_keys (expires_at);
