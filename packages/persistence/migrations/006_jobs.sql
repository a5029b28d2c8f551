-- Asynchronous jobs: the job, and one row per item holding its request body and, once answered, its result or error.
-- The webhook secret is kept as given (the signature needs it) until the webhook is delivered or given up, then
-- erased; it is never logged.
CREATE TABLE IF NOT EXISTS jobs (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  channel text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('live', 'test')),
  status text NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
  total integer NOT NULL CHECK (total > 0),
  completed integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  webhook_url text,
  webhook_secret text,
  webhook_state text NOT NULL CHECK (webhook_state IN ('none', 'pending', 'delivered', 'failed')),
  webhook_attempts integer NOT NULL DEFAULT 0,
  quota_exhausted boolean NOT NULL DEFAULT false,
  enqueued boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS jobs_account ON jobs (account_id, created_at);
CREATE INDEX IF NOT EXISTS jobs_unfinished ON jobs (created_at)
  WHERE status IN ('queued', 'running') OR webhook_state = 'pending';

CREATE TABLE IF NOT EXISTS job_items (
  job_id text NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  idx integer NOT NULL,
  body jsonb NOT NULL,
  answered boolean NOT NULL DEFAULT false,
  result jsonb,
  error jsonb,
  PRIMARY KEY (job_id, idx)
);
