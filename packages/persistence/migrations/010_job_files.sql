-- The files of upload jobs (document, qr): one row per item, read by whichever worker answers the item and deleted
-- in the transaction that writes its answer (or when the job is cancelled or fails; with the job when it is purged),
-- so a document is kept no longer than its item waits. Uploads are already compressed (PDF streams, JPEG, PNG),
-- so the bytes are stored out of line without another compression attempt.
CREATE TABLE IF NOT EXISTS job_files (
  job_id text NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  idx integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (job_id, idx)
);
ALTER TABLE job_files ALTER COLUMN bytes SET STORAGE EXTERNAL;
