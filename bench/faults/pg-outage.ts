// PostgreSQL stopped under load: a server from the built CLI answers steady lookups (every input new, so each 200
// costs one unit) while the machine's PostgreSQL cluster is stopped for a few seconds and started again, several
// times. Afterwards the ledger must be exact: the units charged to the account equal the lookups the client saw
// answered 200; a unit charged for a lookup answered 503 is a charged-but-failed unit.
//   pnpm build && node --conditions=source --import tsx bench/faults/pg-outage.ts [--outages 3] [--down-ms 4000]
// PostgreSQL is started again whatever happens (see lib/services.ts); only 127.0.0.1 is used.
import { parseArgs } from "node:util";
import { send } from "./lib/client.js";
import { newTally, runLoad } from "./lib/load.js";
import { outage, postgresService } from "./lib/services.js";
import { REDIS_URL, createAccount, freshDatabase, ledger, requireBuilt, sleep, startServer } from "./lib/stack.js";

const { values: args } = parseArgs({
  options: {
    outages: { type: "string", default: "3" },
    "down-ms": { type: "string", default: "4000" },
    "between-ms": { type: "string", default: "8000" },
    workers: { type: "string", default: "12" },
    "settle-ms": { type: "string", default: "20000" },
  },
});
const OUTAGES = Number(args.outages);
const DOWN_MS = Number(args["down-ms"]);
const BETWEEN_MS = Number(args["between-ms"]);
if (DOWN_MS > 15_000) throw new Error("--down-ms above 15 s: other work on this machine uses this PostgreSQL");

requireBuilt();

const differences = (charged: Record<string, number>, answered: Record<string, number>): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const c of new Set([...Object.keys(charged), ...Object.keys(answered)])) {
    const d = (charged[c] ?? 0) - (answered[c] ?? 0);
    if (d !== 0) out[c] = d;
  }
  return out;
};

async function main(): Promise<void> {
  const pgService = postgresService();
  const db = await freshDatabase("faults_pg");
  const account = createAccount(db.url, "pg-outage@faults.test");
  const server = await startServer({ databaseUrl: db.url, redisUrl: REDIS_URL });
  process.stdout.write(`server ${server.url}; ${OUTAGES} outages of ${DOWN_MS} ms, ${args.workers} workers\n`);
  const tally = newTally();
  let done = false;
  const load = runLoad({
    base: server.url,
    key: account.key,
    workers: Number(args.workers),
    run: `${Date.now()}`,
    tally,
    until: () => done,
  });
  const windows: { downAt: number; upAt: number }[] = [];
  try {
    await sleep(BETWEEN_MS);
    for (let i = 0; i < OUTAGES; i++) {
      process.stdout.write(`stopping ${pgService.name} (${i + 1}/${OUTAGES})\n`);
      windows.push(await outage(pgService, DOWN_MS));
      process.stdout.write(`  back after ${windows.at(-1)!.upAt - windows.at(-1)!.downAt} ms\n`);
      await sleep(BETWEEN_MS);
    }
  } finally {
    done = true;
    await load;
  }

  // Refunds the database refused during an outage are retried in the background: give them time to land.
  const loadEnded = Date.now();
  const settleUntil = loadEnded + Number(args["settle-ms"]);
  let charged = await ledger(db.url, account.id);
  const atLoadEnd = differences(charged, tally.answeredUnits);
  while (Object.keys(differences(charged, tally.answeredUnits)).length > 0 && Date.now() < settleUntil) {
    await sleep(1_000);
    charged = await ledger(db.url, account.id);
  }
  const settledAfterMs = Date.now() - loadEnded;
  const status = await send(server.url, { method: "GET", path: "/api/v1/status" });
  const crashed = server.crashed();
  const outageLines = server.logs.filter((l) => l.level === "warn" || l.level === "error").length;
  await server.stop();
  await db.drop();

  // Time from each restart to the first 200 after it.
  const recoveries = windows.map((w) => {
    const first = tally.timeline.find((t) => t.at >= w.upAt && t.status === 200);
    return first ? first.at - w.upAt : null;
  });
  const fiveXx = Object.entries(tally.statuses)
    .filter(([s]) => Number(s) >= 500)
    .reduce((n, [, v]) => n + v, 0);
  const diff = differences(charged, tally.answeredUnits);
  const chargedButFailed = Object.values(diff)
    .filter((d) => d > 0)
    .reduce((a, b) => a + b, 0);
  const answeredButFree = -Object.values(diff)
    .filter((d) => d < 0)
    .reduce((a, b) => a + b, 0);
  const summary = {
    requests: tally.requests,
    statuses: tally.statuses,
    errorCodes: tally.codes,
    fiveXx,
    hangs: tally.hangs,
    socketErrors: tally.socketErrors,
    crashed: crashed !== null,
    answeredUnits: tally.answeredUnits,
    chargedUnits: charged,
    chargedButFailed,
    answeredButNotCharged: answeredButFree,
    ledgerExact: chargedButFailed === 0 && answeredButFree === 0,
    // Units still owed back (refunds the database refused) when the load stopped, and how long they took to land.
    differenceAtLoadEnd: atLoadEnd,
    settledAfterMs,
    msToFirst200AfterRestart: recoveries,
    statusAfter: status.status,
    warnOrErrorLogLines: outageLines,
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  process.exitCode = summary.ledgerExact && !summary.crashed && tally.hangs === 0 && status.status === 200 ? 0 : 1;
}

await main();
