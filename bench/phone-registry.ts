// Phone complaint registry benchmark: generates an FTC Do Not Call CSV of N distinct numbers, syncs it into
// PostgreSQL and PGlite, loads the in-memory index, measures its memory and lookup latency against a plain Map in the
// same run, and checks that re-syncing the same file changes no count.
//   node --conditions=source --import tsx bench/phone-registry.ts [--numbers=3000000] [--skip-pglite] [--skip-postgres]
//   PHONE_BENCH_NUMBERS=100000 node --conditions=source --import tsx bench/phone-registry.ts
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Db } from "../packages/persistence/src/db.js";
import { migrate } from "../packages/persistence/src/migrate.js";
import { createPgliteDb } from "../packages/persistence/src/pglite-db.js";
import { createPostgresDb } from "../packages/persistence/src/postgres-db.js";
import { SqlPhoneRegistryStore } from "../packages/persistence/src/sql-phone-registry-store.js";
import { PhoneRegistry } from "../packages/providers/src/phone/phone-registry-index.js";
import { syncPhoneRegistry } from "../packages/providers/src/phone/sync-phone-registry.js";
import { percentile } from "./lib/stats.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const flag = (name: string): boolean => process.argv.includes(`--${name}`);
const N = Number(arg("numbers") ?? process.env["PHONE_BENCH_NUMBERS"] ?? 3_000_000);
const PG_URL = process.env["TEST_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";
const LOOKUPS = Number(arg("lookups") ?? 200_000);
// Acceptance limits, stated for 3,000,000 numbers.
const LIMITS = { postgresSyncS: 60, pgliteSyncS: 180, indexMb: 150, lookupP99Ms: 1 };

const SUBJECTS = [
  "Dropped call or no message",
  "Imposters",
  "Reducing your debt (credit cards, mortgage, student loans)",
  "Warranties & protection plans",
  "Medical & prescriptions",
  "Vacation & timeshares",
  "Computer & technical support",
  "Energy, solar, & utilities",
  "Other",
];
const CITIES = ["Fresno,California,559", "Austin,Texas,512", "Tampa,Florida,813", "Albany,New York,518"];

/** The i-th distinct benchmark number: NPA 201-998, NXX 200-999, line spread over 0000-9999. */
function numberAt(i: number): number {
  const npa = 201 + (i % 798);
  const rest = Math.floor(i / 798);
  const nxx = 200 + (rest % 800);
  const line = (Math.floor(rest / 800) * 7919) % 10_000;
  return npa * 10_000_000 + nxx * 10_000 + line;
}

async function generate(path: string): Promise<{ rows: number; bytes: number }> {
  const out = createWriteStream(path);
  const write = async (s: string): Promise<void> => {
    if (!out.write(s)) await once(out, "drain");
  };
  await write(
    "Company_Phone_Number,Created_Date,Violation_Date,Consumer_City,Consumer_State,Consumer_Area_Code,Subject,Recorded_Message_Or_Robocall\n",
  );
  let rows = 0;
  let buf = "";
  for (let i = 0; i < N; i++) {
    // One number in ten has a second complaint, so aggregation is exercised too.
    const times = i % 10 === 0 ? 2 : 1;
    for (let t = 0; t < times; t++) {
      const d = 1 + ((i + t * 7) % 28);
      const dd = d < 10 ? `0${d}` : String(d);
      const subject = SUBJECTS[(i + t) % SUBJECTS.length] as string;
      const quoted = subject.includes(",") ? `"${subject}"` : subject;
      buf += `${numberAt(i)},2024-05-${dd} 10:00:00,2024-04-${dd} 09:30:00,${CITIES[i % CITIES.length]},${quoted},${(i + t) % 3 === 0 ? "Y" : "N"}\n`;
      rows++;
    }
    if (buf.length > 1 << 20) {
      await write(buf);
      buf = "";
    }
  }
  await write(buf);
  await new Promise<void>((resolve) => out.end(resolve));
  return { rows, bytes: (await stat(path)).size };
}

interface Checksum {
  rows: number;
  complaints: string;
  robocalls: string;
  mix: string;
}

async function checksum(db: Db): Promise<Checksum> {
  const r = await db.query<Checksum>(
    `SELECT count(*)::int AS rows, sum(complaints)::text AS complaints, sum(robocalls)::text AS robocalls,
            sum((number % 1000003) * complaints + (last_seen - first_seen))::text AS mix
     FROM phone_complaints`,
  );
  return r.rows[0] as Checksum;
}

function mem(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

const results: { check: string; value: string; limit: string; ok: boolean }[] = [];
const report = (check: string, value: number, unit: string, limit: number): void => {
  results.push({ check, value: `${value.toFixed(3)} ${unit}`, limit: `${limit} ${unit}`, ok: value <= limit });
};

async function runEngine(name: "postgres" | "pglite", db: Db, file: string, limitS: number): Promise<void> {
  await migrate(db);
  const store = new SqlPhoneRegistryStore(db);
  const t0 = performance.now();
  const first = await syncPhoneRegistry({ store }, { source: "ftc-dnc", from: { file } });
  const syncS = (performance.now() - t0) / 1000;
  if (first.status !== "applied") throw new Error(`${name} sync ${first.status}: ${first.reason ?? ""}`);
  console.log(`${name}: synced ${first.numbers} numbers from ${first.rows} rows in ${syncS.toFixed(1)} s`);
  report(`${name} sync of ${N.toLocaleString("en-US")} numbers`, syncS, "s", limitS);
  const before = await checksum(db);
  const t1 = performance.now();
  const again = await syncPhoneRegistry({ store }, { source: "ftc-dnc", from: { file } });
  const resyncS = (performance.now() - t1) / 1000;
  const after = await checksum(db);
  const unchanged = again.status === "unchanged" && JSON.stringify(before) === JSON.stringify(after);
  console.log(`${name}: re-sync ${again.status} in ${resyncS.toFixed(1)} s; counts ${JSON.stringify(after)}`);
  results.push({
    check: `${name} re-sync leaves counts unchanged`,
    value: String(unchanged),
    limit: "true",
    ok: unchanged,
  });
  if (Number(before.rows) !== N) {
    results.push({ check: `${name} rows stored`, value: String(before.rows), limit: String(N), ok: false });
  }
}

async function measureIndex(db: Db): Promise<void> {
  const store = new SqlPhoneRegistryStore(db);
  const base = mem();
  const registry = new PhoneRegistry(store);
  const t0 = performance.now();
  await registry.load();
  const loadS = (performance.now() - t0) / 1000;
  const used = (mem() - base) / 1e6;
  console.log(
    `index: ${registry.size} numbers loaded in ${loadS.toFixed(1)} s; heap+external delta ${used.toFixed(1)} MB (typed arrays ${(registry.bytes / 1e6).toFixed(1)} MB)`,
  );
  report("index memory (heap + external delta)", used, "MB", LIMITS.indexMb * Math.max(1, N / 3_000_000));

  // Lookup keys: nine in ten present, one in ten absent, in a fixed pseudo-random order.
  const keys = new Float64Array(LOOKUPS);
  let x = 12345;
  for (let i = 0; i < LOOKUPS; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    keys[i] = i % 10 === 9 ? 2000000000 + (x % 1_000_000) * 7 + 1 : numberAt(x % N);
  }
  const baseline = new Map<number, number>();
  for (let i = 0; i < N; i++) baseline.set(numberAt(i), i);

  const time = (fn: (k: number) => unknown): { p50: number; p99: number; max: number; hits: number } => {
    let hits = 0;
    for (let i = 0; i < Math.min(LOOKUPS, 20_000); i++) fn(keys[i] as number); // warm-up
    const lat = new Float64Array(LOOKUPS);
    for (let i = 0; i < LOOKUPS; i++) {
      const t = process.hrtime.bigint();
      if (fn(keys[i] as number) != null) hits++;
      lat[i] = Number(process.hrtime.bigint() - t) / 1e6;
    }
    lat.sort();
    return { p50: percentile(lat, 0.5), p99: percentile(lat, 0.99), max: lat[lat.length - 1] as number, hits };
  };
  const idx = time((k) => registry.lookup(k));
  const map = time((k) => baseline.get(k));
  console.log(
    `lookup (ms): index p50 ${idx.p50.toFixed(4)} p99 ${idx.p99.toFixed(4)} max ${idx.max.toFixed(3)} hits ${idx.hits}; ` +
      `Map p50 ${map.p50.toFixed(4)} p99 ${map.p99.toFixed(4)} hits ${map.hits}; p99 ratio index/Map ${(idx.p99 / map.p99).toFixed(2)}`,
  );
  report("lookup p99", idx.p99, "ms", LIMITS.lookupP99Ms);
  if (idx.hits !== map.hits)
    results.push({ check: "index hits = Map hits", value: String(idx.hits), limit: String(map.hits), ok: false });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "phone-bench-"));
  const file = join(dir, "ftc-dnc-bench.csv");
  try {
    const t0 = performance.now();
    const g = await generate(file);
    console.log(
      `generated ${g.rows.toLocaleString("en-US")} rows, ${N.toLocaleString("en-US")} numbers, ${(g.bytes / 1e6).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    if (!flag("skip-postgres")) {
      const schema = `bench_phone_${randomBytes(4).toString("hex")}`;
      const db = await createPostgresDb({ connectionString: PG_URL, schema, statementTimeoutMs: 600_000 });
      try {
        await runEngine("postgres", db, file, LIMITS.postgresSyncS * Math.max(1, N / 3_000_000));
        await measureIndex(db);
      } finally {
        await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
        await db.close();
      }
    }
    if (!flag("skip-pglite")) {
      const db = await createPgliteDb(join(dir, "pglite"));
      try {
        await runEngine("pglite", db, file, LIMITS.pgliteSyncS * Math.max(1, N / 3_000_000));
        if (flag("skip-postgres")) await measureIndex(db);
        else {
          const t0 = performance.now();
          const registry = new PhoneRegistry(new SqlPhoneRegistryStore(db));
          await registry.load();
          console.log(
            `pglite: index of ${registry.size} numbers loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
          );
        }
      } finally {
        await db.close();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.table(results);
  const failed = results.filter((r) => !r.ok);
  console.log(
    failed.length === 0
      ? "phone-registry bench: all checks passed"
      : `phone-registry bench: ${failed.length} check(s) failed`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
}

await main();
