// Redis stopped under load: a server from the built CLI (PostgreSQL and Redis) answers steady lookups, token
// requests (per-address limited) and the requests of an account with a small rate limit, while Redis is shut down
// for a few seconds and started again. Checks: no 5xx storm; the outage and the recovery are logged (and nothing at
// shutdown); a server whose Redis is down at start does not claim Redis on its start line, nor does the status
// endpoint during the outage; rate limiting goes on in process during the outage (the small account still gets 429
// past its limit).
//   pnpm build && node --conditions=source --import tsx bench/faults/redis-outage.ts [--down-ms 8000]
// Redis is started again whatever happens (see lib/services.ts); only 127.0.0.1 is used.
import { parseArgs } from "node:util";
import { json, loopbackSource, send } from "./lib/client.js";
import { newTally, runLoad } from "./lib/load.js";
import { outage, redisService } from "./lib/services.js";
import {
  REDIS_URL,
  createAccount,
  freePort,
  freshDatabase,
  requireBuilt,
  sleep,
  startServer,
  type LogLine,
} from "./lib/stack.js";

const { values: args } = parseArgs({
  options: {
    "down-ms": { type: "string", default: "8000" },
    workers: { type: "string", default: "6" },
    "limited-rpm": { type: "string", default: "10" },
  },
});
const DOWN_MS = Number(args["down-ms"]);
if (DOWN_MS > 15_000) throw new Error("--down-ms above 15 s: other work on this machine uses this Redis");
const LIMITED_RPM = Number(args["limited-rpm"]);
const PROBE_MS = 150;

requireBuilt();

interface Probe {
  at: number;
  status: number;
}

async function main(): Promise<void> {
  const redis = redisService();
  const db = await freshDatabase("faults_redis");
  const loadAccount = createAccount(db.url, "redis-load@faults.test");
  const limited = createAccount(db.url, "redis-limited@faults.test", { rpm: LIMITED_RPM });
  const server = await startServer({ databaseUrl: db.url, redisUrl: REDIS_URL });
  process.stdout.write(`server ${server.url}; start line rate_limiter=${String(server.started["rate_limiter"])}\n`);

  // A server started while its Redis is down (here: a port on 127.0.0.1 where nothing listens, so the shared Redis
  // stays up for this part; a server starts in several seconds on a busy machine, longer than the outage below).
  const second = await startServer({ databaseUrl: db.url, redisUrl: `redis://127.0.0.1:${await freePort()}` });
  const duringStart = second.started;
  await sleep(1_000);
  const secondServerLogs = second.logs;
  await second.stop();

  const tally = newTally();
  let done = false;
  const load = runLoad({
    base: server.url,
    key: loadAccount.key,
    workers: Number(args.workers),
    run: `${Date.now()}`,
    tally,
    until: () => done,
  });

  // The small account: about 4 requests a second, each answer kept with its time.
  const limitedProbes: Probe[] = [];
  const tokenProbes: Probe[] = [];
  const probing = (async () => {
    let n = 0;
    while (!done) {
      const at = Date.now();
      const [a, b] = await Promise.all([
        send(server.url, {
          method: "POST",
          path: "/api/v1/text/analyze",
          headers: { authorization: `Bearer ${limited.key}`, "content-type": "application/json" },
          body: JSON.stringify({ text: `probe ${n}` }),
        }),
        // The per-address limiter in front of the token endpoint also counts in Redis.
        send(server.url, {
          method: "POST",
          path: "/api/oauth/token",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "grant_type=refresh_token&refresh_token=svrt_nothing&client_id=nobody",
          from: loopbackSource(n % 3),
        }),
      ]);
      limitedProbes.push({ at, status: a.status });
      tokenProbes.push({ at, status: b.status });
      n++;
      await sleep(PROBE_MS);
    }
  })();

  let duringStatus: unknown;
  let window = { downAt: 0, upAt: 0 };
  try {
    await sleep(5_000);
    // The limits count in windows aligned to the minute: keep the outage inside one, so the small account's
    // in-process count during the outage is one window's.
    while (new Date().getSeconds() < 3 || new Date().getSeconds() > 60 - 6 - DOWN_MS / 1000) await sleep(250);
    process.stdout.write(`shutting down ${redis.name} for ${DOWN_MS} ms\n`);
    const during = async (): Promise<void> => {
      await sleep(1_500);
      duringStatus = json(await send(server.url, { method: "GET", path: "/api/v1/status" }));
    };
    const [w] = await Promise.all([outage(redis, DOWN_MS), during()]);
    window = w;
    process.stdout.write(`  Redis back after ${window.upAt - window.downAt} ms\n`);
    await sleep(6_000);
  } finally {
    done = true;
    await Promise.all([load, probing]);
  }
  const logs = server.logs;
  const crashed = server.crashed();
  await server.stop();
  await db.drop();

  const inOutage = (p: Probe): boolean => p.at >= window.downAt && p.at < window.upAt;
  const count = (ps: Probe[], pred: (p: Probe) => boolean): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const p of ps.filter(pred)) out[p.status] = (out[p.status] ?? 0) + 1;
    return out;
  };
  const fiveXx = Object.entries(tally.statuses)
    .filter(([s]) => Number(s) >= 500)
    .reduce((n, [, v]) => n + v, 0);
  const probe5xx = [...limitedProbes, ...tokenProbes].filter((p) => p.status >= 500 || p.status === 0).length;
  const lines = (ls: LogLine[]) =>
    ls
      .filter((l) => typeof l.msg === "string" && l.msg.startsWith("rate limiter"))
      .map((l) => `${String(l["time"])} ${l.level}: ${l.msg}`);
  const summary = {
    load: {
      requests: tally.requests,
      statuses: tally.statuses,
      fiveXx,
      hangs: tally.hangs,
      socketErrors: tally.socketErrors,
    },
    probes5xxOrNoAnswer: probe5xx,
    limitedAccount: {
      rpm: LIMITED_RPM,
      duringOutage: count(limitedProbes, inOutage),
      overall: count(limitedProbes, () => true),
    },
    tokenEndpointDuringOutage: count(tokenProbes, inOutage),
    crashed: crashed !== null,
    rateLimiterLogLines: lines(logs),
    statusDuringOutage: duringStatus,
    startLineWithRedisDown: duringStart,
    rateLimiterLinesWithRedisDown: lines(secondServerLogs),
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  const outageWindow = { down: new Date(window.downAt).toISOString(), up: new Date(window.upAt).toISOString() };
  const logged =
    summary.rateLimiterLogLines.some((l) => l.includes(" warn: ")) &&
    summary.rateLimiterLogLines.some((l) => /back/.test(l));
  process.stdout.write(`outage window ${JSON.stringify(outageWindow)}\n`);
  const startHonest = duringStart["rate_limiter"] === "redis-unavailable";
  const limitedStillLimited =
    (summary.limitedAccount.duringOutage["429"] ?? 0) > 0 &&
    (summary.limitedAccount.duringOutage["200"] ?? 0) <= LIMITED_RPM;
  process.exitCode =
    fiveXx + probe5xx === 0 && tally.hangs === 0 && logged && startHonest && limitedStillLimited && !summary.crashed
      ? 0
      : 1;
}

await main();
