// A server killed with SIGKILL mid-lookup, over an embedded data folder: the unit its lookup held is given back once
// the hold's time passes, by the sweep of the server started again on the same folder. And a lookup that finished
// before the crash is answered again from its Idempotency-Key, charged once.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedContentBomb } from "../../providers/test/document/pdf-bombs.js";
import { inProcessCli } from "./support/in-process-cli.js";

// Nothing from the environment (vitest sets BASE_URL; CI may set DATABASE_URL) may steer the commands and the
// servers away from the temp data folder.
const c = inProcessCli("scamverify-holds-");
const dataDir = join(c.dir, "data");
const BIN = fileURLToPath(new URL("../src/bin.ts", import.meta.url));
const HOLD_SECONDS = 3;
const savedWorkers = process.env["SCAMVERIFY_JOB_WORKERS"];
delete process.env["SCAMVERIFY_JOB_WORKERS"];
const env: NodeJS.ProcessEnv = { ...process.env, SCAMVERIFY_QUOTA_HOLD_SECONDS: String(HOLD_SECONDS) };

async function cli(args: readonly string[]): Promise<string> {
  const r = await c.run(...args);
  if (r.code !== 0) throw new Error(`scamverify ${args.join(" ")} exited ${r.code}: ${r.err}`);
  return r.out;
}

interface Server {
  readonly child: ChildProcess;
  readonly url: string;
}

/** `scamverify serve` on an ephemeral port of 127.0.0.1, in a process of its own; resolves once it listens. */
function serve(): Promise<Server> {
  const child = spawn(
    process.execPath,
    [
      "--conditions=source",
      "--import",
      "tsx",
      BIN,
      "--data-dir",
      dataDir,
      "serve",
      "--port",
      "0",
      "--host",
      "127.0.0.1",
      "--no-network",
      "--job-workers",
      "0",
    ],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  servers.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (b: Buffer) => {
      out += b.toString();
      const port = /"msg":"listening".*?"port":(\d+)|"port":(\d+).*?"msg":"listening"/.exec(out);
      const n = port?.[1] ?? port?.[2];
      if (n !== undefined) resolve({ child, url: `http://127.0.0.1:${n}` });
    });
    child.stderr?.on("data", (b: Buffer) => void (out += b.toString()));
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
}

const servers: ChildProcess[] = [];
let key = "";

beforeAll(async () => {
  await cli(["db", "migrate"]);
  const account = JSON.parse(
    await cli(["accounts", "create", "--email", `holds-${process.pid}@example.test`, "--plan", "starter", "--json"]),
  ) as { id: string };
  key = (JSON.parse(await cli(["keys", "create", "--account", account.id, "--json"])) as { key: string }).key;
}, 120_000);

afterAll(() => {
  for (const child of servers) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  c.cleanUp();
  if (savedWorkers !== undefined) process.env["SCAMVERIFY_JOB_WORKERS"] = savedWorkers;
});

async function used(s: Server, channel: string): Promise<number> {
  const res = await fetch(`${s.url}/api/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
  const body = (await res.json()) as { quotas: Record<string, { used: number }> };
  return body.quotas[channel]?.used ?? NaN;
}

/** Reads the counter until it shows `want`, for at most `ms`; returns the last reading. */
async function until(s: Server, channel: string, want: number, ms: number): Promise<number> {
  const end = performance.now() + ms;
  let last = await used(s, channel);
  while (last !== want && performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await used(s, channel);
  }
  return last;
}

function killHard(s: Server): Promise<void> {
  return new Promise((resolve) => {
    s.child.once("exit", () => resolve());
    s.child.kill("SIGKILL");
  });
}

describe("a server killed mid-lookup", () => {
  it("gives the held unit back after its restart, once the hold's time has passed", async () => {
    const first = await serve();
    // A PDF whose pages take PDF.js seconds each: the lookup is still reading when the server dies.
    const form = new FormData();
    form.append("file", new Blob([await sharedContentBomb(10, 32)]), "notice.pdf");
    const cut = fetch(`${first.url}/api/v1/document/analyze`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: form,
    }).catch((e: unknown) => e);
    expect(await until(first, "document", 1, 30_000)).toBe(1);
    await killHard(first);
    expect(await cut).toBeInstanceOf(Error);

    const second = await serve();
    // The hold lasts 3 s; the new server sweeps at start-up and every 3 s.
    expect(await until(second, "document", 0, 45_000)).toBe(0);
    await killHard(second);
  }, 180_000);

  it("answers a finished lookup again from its Idempotency-Key after a crash, charging it once", async () => {
    const first = await serve();
    const ask = (s: Server): Promise<Response> =>
      fetch(`${s.url}/api/v1/url/lookup`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "idempotency-key": "crash-retry-1",
        },
        body: JSON.stringify({ url: "http://paypa1-login-secure.top/verify?account=1" }),
      });
    const before = await used(first, "url");
    const answered = await ask(first);
    expect(answered.status).toBe(200);
    const body = (await answered.json()) as { score: number };
    expect(await used(first, "url")).toBe(before + 1);
    await killHard(first);

    // The client never saw that answer; it retries with the same key on the restarted server.
    const second = await serve();
    const again = await ask(second);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { score: number }).score).toBe(body.score);
    expect(await used(second, "url")).toBe(before + 1);
    // Past the hold's time the sweep has nothing to give back: the finished lookup committed its unit.
    await new Promise((resolve) => setTimeout(resolve, (HOLD_SECONDS + 1) * 1000));
    expect(await used(second, "url")).toBe(before + 1);
    await killHard(second);
  }, 180_000);
});
