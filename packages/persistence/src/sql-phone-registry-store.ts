// PhoneRegistryStore in SQL for PGlite and PostgreSQL: complaint aggregates per (number, source), applied files by
// SHA-256, and NANPA code blocks. Bulk writes send whole columns as array parameters and UNNEST them server-side,
// which is one statement per chunk on both engines and needs no COPY support from the Db surface.
import type {
  AppliedFile,
  ApplyMode,
  ApplyOutcome,
  CodeBlock,
  ComplaintBatch,
  ComplaintRow,
  ComplaintSource,
  PhoneRegistryStore,
  RegistryFile,
} from "@scamverify/core";
import type { Db } from "./db.js";

const LOCK_NAME = ":phone_registry_apply";
const DEFAULT_CHUNK = 100_000;
const BLOCK_CHUNK = 20_000;

export interface SqlPhoneRegistryStoreOptions {
  /** Rows per INSERT statement. */
  readonly chunkSize?: number;
}

/** A Postgres array literal of integers, joined natively by the typed array. */
function intArray(values: Float64Array | Int32Array | Uint32Array, from: number, to: number): string {
  return `{${values.subarray(from, to).join(",")}}`;
}

/** merge: add to existing rows of the source; fresh: the source has no rows, so no conflict check is needed. */
const UPSERT = (mode: "merge" | "fresh"): string => `
  INSERT INTO phone_complaints AS p (number, source, complaints, robocalls, first_seen, last_seen, subjects)
  SELECT u.n, $1, u.c, u.r, date '1970-01-01' + u.f, date '1970-01-01' + u.l,
         (ARRAY[u.s1, u.k1, u.s2, u.k2, u.s3, u.k3])[1:2 * ((u.s1 > 0)::int + (u.s2 > 0)::int + (u.s3 > 0)::int)]
  FROM unnest($2::bigint[], $3::int[], $4::int[], $5::int[], $6::int[],
              $7::int[], $8::int[], $9::int[], $10::int[], $11::int[], $12::int[])
       AS u(n, c, r, f, l, s1, k1, s2, k2, s3, k3)
  ${
    mode === "merge"
      ? `ON CONFLICT (number, source) DO UPDATE SET
           complaints = p.complaints + excluded.complaints,
           robocalls = p.robocalls + excluded.robocalls,
           first_seen = least(p.first_seen, excluded.first_seen),
           last_seen = greatest(p.last_seen, excluded.last_seen),
           subjects = phone_merge_subjects(p.subjects, excluded.subjects, 3)`
      : ""
  }`;

interface FileRow {
  sha256: string;
  source: string;
  mode: ApplyMode;
  origin: string;
  rows: number;
  rejected: number;
  numbers: number;
  applied_at: Date | string;
}

export class SqlPhoneRegistryStore implements PhoneRegistryStore {
  private readonly chunkSize: number;
  private subjectNames = new Map<number, string>();

  constructor(
    private readonly db: Db,
    options: SqlPhoneRegistryStoreOptions = {},
  ) {
    this.chunkSize = options.chunkSize ?? DEFAULT_CHUNK;
  }

  async hasFile(sha256: string): Promise<boolean> {
    const r = await this.db.query("SELECT 1 FROM phone_registry_files WHERE sha256 = $1", [sha256]);
    return r.rows.length > 0;
  }

  async apply(batch: ComplaintBatch): Promise<ApplyOutcome> {
    const { file } = batch;
    return this.db.transaction(async (tx) => {
      if (!(await this.begin(tx, file.sha256))) return { applied: false, numbers: 0 };
      const subjectIds = await this.internSubjects(tx, batch.subjects);
      if (batch.mode === "replace") await tx.query("DELETE FROM phone_complaints WHERE source = $1", [file.source]);
      // Speculative insertion (ON CONFLICT) costs about twice a plain insert; a first load needs none.
      const existing = await tx.query("SELECT 1 FROM phone_complaints WHERE source = $1 LIMIT 1", [file.source]);
      const sql = UPSERT(existing.rows.length > 0 ? "merge" : "fresh");
      // Slots are filled in order, so a missing subject (id 0) is always trailing and the SQL slice drops it.
      const slot = (k: number): { ids: Int32Array; counts: Int32Array } => {
        const ids = new Int32Array(batch.size);
        const counts = new Int32Array(batch.size);
        for (let i = 0; i < batch.size; i++) {
          const local = batch.subjectIds[i * 3 + k] ?? -1;
          const id = local < 0 ? 0 : Math.max(0, subjectIds[local] ?? 0);
          ids[i] = id;
          counts[i] = id === 0 ? 0 : (batch.subjectCounts[i * 3 + k] ?? 0);
        }
        return { ids, counts };
      };
      const slots = [0, 1, 2].map(slot);
      for (let from = 0; from < batch.size; from += this.chunkSize) {
        const to = Math.min(batch.size, from + this.chunkSize);
        const params: unknown[] = [
          file.source,
          intArray(batch.numbers, from, to),
          intArray(batch.complaints, from, to),
          intArray(batch.robocalls, from, to),
          intArray(batch.firstDay, from, to),
          intArray(batch.lastDay, from, to),
        ];
        for (const s of slots) params.push(intArray(s.ids, from, to), intArray(s.counts, from, to));
        await tx.query(sql, params);
      }
      await this.record(tx, file, batch.mode, batch.size);
      return { applied: true, numbers: batch.size };
    });
  }

  async scan(after: number, limit: number): Promise<ComplaintRow[]> {
    if (after < 0 || this.subjectNames.size === 0) await this.loadSubjectNames();
    // A page comes back as one row of comma-joined columns: far cheaper to read than one driver row per number.
    const r = await this.db.query<Record<"n" | "s" | "c" | "r" | "f" | "l" | "j", string | null>>(
      // The aggregates read their input in the ordered subquery's order (a sort per column costs three times more).
      `WITH bound AS (
         SELECT number FROM phone_complaints WHERE number > $1 ORDER BY number, source OFFSET $2 - 1 LIMIT 1
       )
       SELECT string_agg(number::text, ',') AS n, string_agg(source, ',') AS s,
              string_agg(complaints::text, ',') AS c, string_agg(robocalls::text, ',') AS r,
              string_agg((first_seen - date '1970-01-01')::text, ',') AS f,
              string_agg((last_seen - date '1970-01-01')::text, ',') AS l,
              string_agg(array_to_string(subjects, ' '), ',') AS j
       FROM (
         SELECT * FROM phone_complaints
         WHERE number > $1 AND number <= coalesce((SELECT number FROM bound), 9223372036854775807)
         ORDER BY number, source
       ) AS page`,
      [Math.trunc(after), limit],
    );
    const row = r.rows[0];
    if (!row || row.n === null) return [];
    const col = (v: string | null): string[] => (v ?? "").split(",");
    const [n, src, c, rb, f, l, j] = [
      col(row.n),
      col(row.s),
      col(row.c),
      col(row.r),
      col(row.f),
      col(row.l),
      col(row.j),
    ];
    const out: ComplaintRow[] = new Array<ComplaintRow>(n.length);
    for (let i = 0; i < n.length; i++) {
      const subjects: string[] = [];
      const pairs = j[i] ? (j[i] as string).split(" ") : [];
      for (let k = 0; k + 1 < pairs.length; k += 2) {
        const name = this.subjectNames.get(Number(pairs[k]));
        if (name !== undefined) subjects.push(name);
      }
      out[i] = {
        number: Number(n[i]),
        source: src[i] as ComplaintSource,
        complaints: Number(c[i]),
        robocalls: Number(rb[i]),
        firstDay: Number(f[i]),
        lastDay: Number(l[i]),
        subjects,
      };
    }
    return out;
  }

  async countNumbers(): Promise<number> {
    const r = await this.db.query<{ n: number | string }>(
      "SELECT count(DISTINCT number)::int AS n FROM phone_complaints",
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async files(): Promise<AppliedFile[]> {
    const r = await this.db.query<FileRow>(
      "SELECT sha256, source, mode, origin, rows, rejected, numbers, applied_at FROM phone_registry_files ORDER BY applied_at, sha256",
    );
    return r.rows.map((f) => ({
      sha256: f.sha256,
      source: f.source as ComplaintSource,
      mode: f.mode,
      origin: f.origin,
      rows: Number(f.rows),
      rejected: Number(f.rejected),
      numbers: Number(f.numbers),
      appliedAt: new Date(f.applied_at),
    }));
  }

  async replaceCodeBlocks(file: Omit<RegistryFile, "source">, blocks: readonly CodeBlock[]): Promise<ApplyOutcome> {
    return this.db.transaction(async (tx) => {
      if (!(await this.begin(tx, file.sha256))) return { applied: false, numbers: 0 };
      await tx.query("DELETE FROM phone_code_blocks");
      for (let from = 0; from < blocks.length; from += BLOCK_CHUNK) {
        const chunk = blocks.slice(from, from + BLOCK_CHUNK);
        const col = <K extends keyof CodeBlock>(k: K): CodeBlock[K][] => chunk.map((b) => b[k]);
        await tx.query(
          `INSERT INTO phone_code_blocks (npa, nxx, ocn, company, state, rate_center, use, effective_date)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[])
           ON CONFLICT (npa, nxx) DO UPDATE SET ocn = excluded.ocn, company = excluded.company, state = excluded.state,
             rate_center = excluded.rate_center, use = excluded.use, effective_date = excluded.effective_date`,
          [
            col("npa"),
            col("nxx"),
            col("ocn"),
            col("company"),
            col("state"),
            col("rateCenter"),
            col("use"),
            col("effectiveDate"),
          ],
        );
      }
      await this.record(tx, { ...file, source: "nanpa" }, "replace", blocks.length);
      return { applied: true, numbers: blocks.length };
    });
  }

  async findCodeBlock(npa: string, nxx: string): Promise<CodeBlock | null> {
    const r = await this.db.query<{
      npa: string;
      nxx: string;
      ocn: string;
      company: string;
      state: string;
      rate_center: string;
      use: string;
      effective_date: string | null;
    }>(
      `SELECT npa, nxx, ocn, company, state, rate_center, use, to_char(effective_date, 'YYYY-MM-DD') AS effective_date
       FROM phone_code_blocks WHERE npa = $1 AND nxx = $2`,
      [npa, nxx],
    );
    const b = r.rows[0];
    if (!b) return null;
    return {
      npa: b.npa,
      nxx: b.nxx,
      ocn: b.ocn,
      company: b.company,
      state: b.state,
      rateCenter: b.rate_center,
      use: b.use,
      effectiveDate: b.effective_date,
    };
  }

  async countCodeBlocks(): Promise<number> {
    const r = await this.db.query<{ n: number | string }>("SELECT count(*)::int AS n FROM phone_code_blocks");
    return Number(r.rows[0]?.n ?? 0);
  }

  /** Serialises appliers and tells whether this file is new; big batches may outlast the default statement timeout. */
  private async begin(tx: Db, sha256: string): Promise<boolean> {
    // Advisory locks are database-wide: the key includes the schema so isolated schemas do not wait on each other.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || $1))", [LOCK_NAME]);
    if (tx.engine === "postgres") await tx.query("SET LOCAL statement_timeout = 600000");
    const seen = await tx.query("SELECT 1 FROM phone_registry_files WHERE sha256 = $1", [sha256]);
    return seen.rows.length === 0;
  }

  private async record(
    tx: Db,
    file: Omit<RegistryFile, "source"> & { source: string },
    mode: ApplyMode,
    numbers: number,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO phone_registry_files (sha256, source, mode, origin, rows, rejected, numbers)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [file.sha256, file.source, mode, file.origin, file.rows, file.rejected, numbers],
    );
  }

  private async internSubjects(tx: Db, names: readonly string[]): Promise<number[]> {
    if (names.length === 0) return [];
    await tx.query(
      "INSERT INTO phone_complaint_subjects (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING",
      [names],
    );
    const r = await tx.query<{ id: number; name: string }>(
      "SELECT id, name FROM phone_complaint_subjects WHERE name = ANY($1::text[])",
      [names],
    );
    const byName = new Map(r.rows.map((row) => [row.name, Number(row.id)]));
    return names.map((n) => byName.get(n) ?? -1);
  }

  private async loadSubjectNames(): Promise<void> {
    const r = await this.db.query<{ id: number; name: string }>("SELECT id, name FROM phone_complaint_subjects");
    this.subjectNames = new Map(r.rows.map((row) => [Number(row.id), row.name]));
  }
}
