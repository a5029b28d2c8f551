-- The quota units a claim's request committed while its answer was not yet stored: one {"channel", "period_start"}
-- object per unit. A request cut off after charging (its process killed) leaves them here; the request sent again
-- with the key takes the claim over and gives them back in the same transaction, so only the run that answers pays.
ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS charges jsonb NOT NULL DEFAULT '[]'::jsonb;
