// A job's file through the job store on both engines: stored (one 9 MiB file) and read back, as the bytea the
// driver passes (the baseline) and as SqlJobStore does it (base64 through decode/encode on PGlite, the bytea
// parameter on PostgreSQL, base64 out on both). 3 rounds each, alternating, median reported with the ratio.
//   node --conditions=source --import tsx bench/job-files.ts
// PostgreSQL from BENCH_DATABASE_URL, TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (a schema of its
// own, dropped); skipped when it cannot be reached.
import { createDatabase } from "../packages/persistence/src/create-database.js";
import { createPgliteDb } from "../packages/persistence/src/pglite-db.js";
import type { Db } from "../packages/persistence/src/db.js";
import { migrate } from "../packages/persistence/src/migrate.js";
import { SqlJobStore } from "../packages/persistence/src/sql-job-store.js";
import { median } from "./lib/stats.js";

const FILE = new Uint8Array(9 * 1024 * 1024).map((_, i) => (i * 2654435761) >>> 24);
const ROUNDS = 3;
const url =
  process.env["BENCH_DATABASE_URL"] ?? process.env["TEST_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function measure(name: string, db: Db): Promise<void> {
  await migrate(db);
  await db.query(
    `INSERT INTO accounts (id, email, plan, period_start, period_end, created_at)
     VALUES ('bench', 'bench@example.test', 'free', now(), now(), now()) ON CONFLICT DO NOTHING`,
  );
  const store = new SqlJobStore(db);
  const raw = { write: [] as number[], read: [] as number[] };
  const ours = { write: [] as number[], read: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    const job = (id: string) => ({
      id,
      accountId: "bench",
      channel: "document",
      mode: "live" as const,
      total: 1,
      webhookUrl: null,
      webhookSecret: null,
      createdAt: new Date(),
    });
    const base = `raw-${r}`;
    raw.write.push(
      await time(async () => {
        await store.create(job(base), [{}]);
        await db.query("INSERT INTO job_files (job_id, idx, bytes) VALUES ($1, 0, $2)", [base, FILE]);
      }),
    );
    raw.read.push(await time(() => db.query("SELECT bytes FROM job_files WHERE job_id = $1 AND idx = 0", [base])));
    const cand = `ours-${r}`;
    ours.write.push(await time(() => store.create(job(cand), [{}], [FILE])));
    let back: Uint8Array | null = null;
    ours.read.push(await time(async () => (back = await store.file(cand, 0))));
    if (back === null || (back as Uint8Array).byteLength !== FILE.byteLength)
      throw new Error("the file came back wrong");
  }
  const row = (what: string, baseline: number[], candidate: number[]): void => {
    const b = median(baseline);
    const c = median(candidate);
    console.log(
      `${name.padEnd(10)} ${what.padEnd(6)} bytea ${b.toFixed(0).padStart(6)} ms   store ${c.toFixed(0).padStart(6)} ms   ratio ${(b / c).toFixed(1)}x`,
    );
  };
  row("write", raw.write, ours.write);
  row("read", raw.read, ours.read);
}

const pglite = await createPgliteDb();
await measure("PGlite", pglite);
await pglite.close();

const schema = `bench_job_files_${process.pid}`;
let pg: Db | undefined;
try {
  pg = await createDatabase({ databaseUrl: url, dataDir: "unused", schema });
} catch (e) {
  console.log(`PostgreSQL skipped: ${(e as Error).message}`);
}
if (pg !== undefined) {
  try {
    await measure("PostgreSQL", pg);
  } finally {
    await pg.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pg.close();
  }
}
