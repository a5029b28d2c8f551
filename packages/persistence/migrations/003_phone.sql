-- Phone complaint registry (FTC Do Not Call reports, FCC unwanted-call complaints) aggregated per number and
-- source, the files already applied (by SHA-256, so a re-sync changes nothing), and NANPA code block assignments.
CREATE TABLE IF NOT EXISTS phone_complaint_subjects (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE IF NOT EXISTS phone_complaints (
  number bigint NOT NULL,
  source text NOT NULL CHECK (source IN ('ftc', 'fcc')),
  complaints integer NOT NULL,
  robocalls integer NOT NULL,
  first_seen date NOT NULL,
  last_seen date NOT NULL,
  -- Most frequent subjects as flattened pairs: {subject_id, count, subject_id, count, ...}.
  subjects integer[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (number, source)
);

CREATE TABLE IF NOT EXISTS phone_registry_files (
  sha256 text PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('ftc', 'fcc', 'nanpa')),
  mode text NOT NULL CHECK (mode IN ('append', 'replace')),
  origin text NOT NULL,
  rows integer NOT NULL,
  rejected integer NOT NULL,
  numbers integer NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS phone_code_blocks (
  npa char(3) NOT NULL,
  nxx char(3) NOT NULL,
  ocn text NOT NULL,
  company text NOT NULL,
  state text NOT NULL,
  rate_center text NOT NULL,
  use text NOT NULL,
  effective_date date,
  PRIMARY KEY (npa, nxx)
);

-- Adds two subject pair lists and keeps the `keep` most frequent, so daily files merge without a row per subject.
CREATE OR REPLACE FUNCTION phone_merge_subjects(a integer[], b integer[], keep integer) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(kv.v ORDER BY ranked.rk, kv.k), '{}'::integer[])
  FROM (
    SELECT summed.id, summed.total, row_number() OVER (ORDER BY summed.total DESC, summed.id) AS rk
    FROM (
      SELECT arrays.x[i] AS id, sum(arrays.x[i + 1])::integer AS total
      FROM (SELECT a AS x UNION ALL SELECT b) AS arrays,
           generate_series(1, coalesce(array_length(arrays.x, 1), 0), 2) AS i
      GROUP BY arrays.x[i]
    ) AS summed
  ) AS ranked
  CROSS JOIN LATERAL (VALUES (1, ranked.id), (2, ranked.total)) AS kv(k, v)
  WHERE ranked.rk <= keep
$$;
