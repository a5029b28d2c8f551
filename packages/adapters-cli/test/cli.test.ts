// The CLI run in-process through runCli over an embedded data folder in a temp directory: operator commands for
// accounts, keys and usage (always scoped to one account), lookups in every output format with verdict exit
// codes, --file with stdin, status, db migrate, and a clear refusal when another process holds the data folder.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UsageSchema, type ApiKey } from "@scamverify/core";
import { runCli } from "../src/program.js";

// Each command opens the embedded database (about a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

const dir = mkdtempSync(join(tmpdir(), "scamverify-cli-"));
const dataDir = join(dir, "data");

interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

async function run(args: readonly string[], stdin?: string): Promise<Run> {
  let out = "";
  let err = "";
  const code = await runCli(["--data-dir", dataDir, ...args], {
    io: { out: (s) => void (out += s), err: (s) => void (err += s) },
    stdin: () => {
      if (stdin === undefined) throw new Error("stdin was read but the test gave none");
      return stdin;
    },
  });
  return { code, out, err };
}

/** Parsed --json output, read loosely: the tests assert its shape themselves. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Loose = any;

async function json<T = Loose>(args: readonly string[]): Promise<T> {
  const r = await run(args);
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as T;
}

let counter = 0;
const createAccount = async (plan = "free"): Promise<string> =>
  (
    await json<{ id: string }>([
      "accounts",
      "create",
      "--email",
      `user${++counter}-${process.pid}@example.test`,
      "--plan",
      plan,
      "--json",
    ])
  ).id;

const SCAM = "http://paypa1-login-secure.top/verify?account=1";
const SAFE = "https://www.example.com/";

// The CLI reads its configuration from the environment too: vitest sets BASE_URL ("/", from Vite), and a CI job
// may set DATABASE_URL or REDIS_URL; none of them may steer these runs away from the temp data folder.
const saved: Record<string, string | undefined> = {};
for (const name of [
  "BASE_URL",
  "DATABASE_URL",
  "REDIS_URL",
  "SCAMVERIFY_DATA_DIR",
  "SCAMVERIFY_API_URL",
  "SCAMVERIFY_API_KEY",
]) {
  saved[name] = process.env[name];
  delete process.env[name];
}

beforeAll(async () => {
  // The first command creates and migrates the folder (seconds); every later one opens it in about one.
  const first = await run(["db", "migrate", "--json"]);
  expect(first.code, first.err).toBe(0);
  expect((JSON.parse(first.out) as { applied: string[] }).applied.length).toBeGreaterThan(0);
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
});

describe("db migrate", () => {
  it("is idempotent: a second run applies nothing", async () => {
    expect(await json(["db", "migrate", "--json"])).toEqual({ applied: [] });
    const text = await run(["db", "migrate"]);
    expect(text.out).toBe("up to date\n");
  });
});

describe("accounts, keys and usage", () => {
  it("accounts create --json prints the account", async () => {
    const a = await json([
      "accounts",
      "create",
      "--email",
      `Mixed.Case-${process.pid}@Example.test`,
      "--plan",
      "starter",
      "--json",
    ]);
    expect(a).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: `mixed.case-${process.pid}@example.test`,
      plan: "starter",
      pending_plan: null,
    });
    const again = await run(["accounts", "create", "--email", `mixed.case-${process.pid}@example.test`, "--json"]);
    expect(again.code).toBe(73);
    expect(again.err).toContain("conflict");
    const bad = await run(["accounts", "create", "--email", "not-an-email", "--json"]);
    expect(bad.code).toBe(65);
    expect(bad.err).toContain("email");
  });

  it("keys create, list, rename and revoke", async () => {
    const account = await createAccount();
    const live = await json(["keys", "create", "--account", account, "--name", "ci", "--json"]);
    expect(live.key).toMatch(/^sv_live_[A-Za-z0-9_-]{40,}$/);
    const test = await json(["keys", "create", "--account", account, "--test", "--json"]);
    expect(test.key).toMatch(/^sv_test_/);
    const human = await run(["keys", "create", "--account", account]);
    expect(human.out).toMatch(/^sv_live_\S+\n\(shown once\) id /);

    const list = await json<ApiKey[]>(["keys", "list", "--account", account, "--json"]);
    expect(list.map((k) => k.id).sort()).toEqual([live.id, test.id, human.out.match(/id (\S+)/)?.[1]].sort());
    // The secret is shown once at creation and never listed.
    const listed = JSON.stringify(list);
    expect(listed).not.toContain(live.key);
    expect(listed).not.toContain(live.key.slice(12));

    const renamed = await json(["keys", "rename", live.id, "deploy bot", "--account", account, "--json"]);
    expect(renamed).toMatchObject({ id: live.id, name: "deploy bot" });
    const revoked = await json(["keys", "revoke", live.id, "--account", account, "--json"]);
    expect(revoked.revoked_at).toEqual(expect.any(String));
    const text = await run(["keys", "list", "--account", account]);
    expect(text.out).toMatch(new RegExp(`${live.id}.*revoked.*deploy bot`));
  });

  it("refuses a sixth active key with exit 73", async () => {
    const account = await createAccount();
    for (let i = 0; i < 5; i++) expect((await run(["keys", "create", "--account", account, "--json"])).code).toBe(0);
    const sixth = await run(["keys", "create", "--account", account, "--json"]);
    expect(sixth.code).toBe(73);
    expect(sixth.err).toContain("key_limit_reached");
  });

  it("one account cannot see or change another's keys or usage", async () => {
    const a = await createAccount();
    const b = await createAccount("business");
    const bKey = await json(["keys", "create", "--account", b, "--json"]);
    for (const args of [
      ["keys", "revoke", bKey.id, "--account", a],
      ["keys", "rename", bKey.id, "mine now", "--account", a],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(" ")).toBe(66);
      expect(r.err).toContain("not_found");
    }
    expect(await json(["keys", "list", "--account", a, "--json"])).toEqual([]);
    const still = await json<ApiKey[]>(["keys", "list", "--account", b, "--json"]);
    expect(still[0]).toMatchObject({ id: bKey.id, revoked_at: null, name: "Live key" });
    expect((await json(["usage", "--account", a, "--json"])).plan).toBe("free");
  });

  it("usage --account prints the usage resource; an unknown account is exit 66", async () => {
    const account = await createAccount("professional");
    const u = await json(["usage", "--account", account, "--json"]);
    expect(UsageSchema.parse(u)).toEqual(u);
    expect(u.quotas.url).toMatchObject({ used: 0, limit: 3000, hard_limit: 3300 });
    const text = await run(["usage", "--account", account]);
    expect(text.out).toContain("plan professional");
    const unknown = await run(["usage", "--account", "00000000-0000-4000-8000-000000000000"]);
    expect(unknown.code).toBe(66);
  });
});

describe("url lookups", () => {
  it("--format json prints every result and exits by the worst verdict (12 for scam)", async () => {
    const r = await run(["url", "--no-network", "--format", "json", SAFE, SCAM]);
    expect(r.code).toBe(12);
    const rows = JSON.parse(r.out) as { input: string; verdict: string; risk_score: number; cached: boolean }[];
    expect(rows.map((x) => x.input)).toEqual([SAFE, SCAM]);
    expect(rows[1]?.verdict).toBe("scam");
    expect(["safe", "low_risk"]).toContain(rows[0]?.verdict);
  });

  it("a safe URL alone exits 0, and a repeat comes from the cache", async () => {
    expect((await run(["url", "--no-network", "--format", "jsonl", SAFE])).code).toBe(0);
    const r = await run(["url", "--no-network", "--format", "jsonl", SAFE]);
    expect(r.code).toBe(0);
    const row = JSON.parse(r.out.trim()) as { cached: boolean };
    expect(row.cached).toBe(true);
    const forced = await run(["url", "--no-network", "--format", "jsonl", "--force-refresh", SAFE]);
    expect((JSON.parse(forced.out.trim()) as { cached: boolean }).cached).toBe(false);
  });

  it("--format jsonl prints one JSON object a line", async () => {
    const r = await run(["url", "--no-network", "--format", "jsonl", SCAM, SAFE]);
    const lines = r.out.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => (JSON.parse(l) as { input: string }).input)).toEqual([SCAM, SAFE]);
  });

  it("--format csv prints a header and one escaped row per input", async () => {
    const r = await run(["url", "--no-network", "--format", "csv", SCAM, "not a url"]);
    const [head, ...rows] = r.out.trim().split("\n");
    expect(head).toBe("input,verdict,risk_score,confidence,cached,top_reason,explanation,error_code,error_message");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(new RegExp(`^${SCAM.replace(/[.?]/g, "\\$&")},scam,\\d+,`));
    expect(rows[1]).toMatch(/^not a url,,,,,,,validation_error,/);
    // A failed item is never hidden behind a verdict: 2, even beside a scam.
    expect(r.code).toBe(2);
  });

  it("--format table prints aligned columns", async () => {
    const r = await run(["url", "--no-network", SCAM]);
    expect(r.code).toBe(12);
    const [head, row] = r.out.split("\n");
    expect(head).toMatch(/^INPUT\s+VERDICT\s+SCORE\s+CONF\s+MAIN REASON$/);
    expect(row?.indexOf("scam")).toBe(head?.indexOf("VERDICT"));
  });

  it("invalid input exits 65 with the reason; mixed safe and failed items exit 2", async () => {
    const bad = await run(["url", "--no-network", "javascript:alert(1)"]);
    expect(bad.code).toBe(65);
    expect(bad.err).toContain("validation_error");
    const mixed = await run(["url", "--no-network", "--format", "json", SAFE, "::::"]);
    expect(mixed.code).toBe(2);
  });

  it("--file - reads standard input, skipping blank lines and comments", async () => {
    const r = await run(
      ["url", "--no-network", "--format", "jsonl", "--file", "-"],
      `# suspicious links\n${SAFE}\n\n  ${SCAM}  \r\n`,
    );
    expect(r.code).toBe(12);
    expect(
      r.out
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { input: string }).input),
    ).toEqual([SAFE, SCAM]);
  });

  it("--file reads a file, together with arguments", async () => {
    const file = join(dir, "urls.txt");
    writeFileSync(file, `${SAFE}\n`);
    const r = await run(["url", "--no-network", "--format", "jsonl", "--file", file, SCAM]);
    expect(
      r.out
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { input: string }).input),
    ).toEqual([SCAM, SAFE]);
    const none = await run(["url", "--no-network"]);
    expect(none.code).toBe(64);
  });
});

describe("status", () => {
  it("status --json reports the embedded engine operational", async () => {
    const s = await json(["status", "--json"]);
    expect(s).toMatchObject({
      status: "operational",
      components: { database: "operational" },
      version: expect.any(String),
    });
  });

  it("status --api-url names a paused source, its component and until when", async () => {
    const until = "2026-06-01T08:01:00.000Z";
    const body = JSON.stringify({
      status: "degraded",
      components: { url_lookup: "degraded", database: "operational" },
      version: "1.0.0",
      timestamp: "2026-06-01T08:00:01.000Z",
      paused_sources: [
        {
          name: "network",
          component: "url_lookup",
          until,
          reason: "no network: nothing could be reached (fetch, rdap)",
        },
      ],
    });
    const remote = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
    await new Promise<void>((done) => remote.listen(0, "127.0.0.1", done));
    try {
      const url = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
      const r = await run(["status", "--api-url", url]);
      expect(r.code).toBe(0);
      expect(r.out).toContain("degraded");
      expect(r.out).toContain(`paused: network (url_lookup) until ${until}: no network: nothing could be reached`);
    } finally {
      remote.closeAllConnections();
      await new Promise<void>((done) => remote.close(() => done()));
    }
  });
});

describe("a data folder held by another process", () => {
  let child: ChildProcess | undefined;

  afterAll(() => {
    if (child?.pid !== undefined && child.exitCode === null) child.kill("SIGTERM");
  });

  it("stops an admin command with a clear message naming the holder", async () => {
    const held = join(dir, "held");
    const lockModule = resolve(fileURLToPath(new URL("../../persistence/src/data-dir-lock.ts", import.meta.url)));
    const script = `import { lockDataDir } from ${JSON.stringify(lockModule)}; lockDataDir(${JSON.stringify(held)}); process.stdout.write("locked\\n"); setInterval(() => {}, 60000);`;
    child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    await new Promise<void>((resolveLocked, reject) => {
      let out = "";
      child?.stdout?.on("data", (b: Buffer) => {
        out += b.toString();
        if (out.includes("locked")) resolveLocked();
      });
      child?.once("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
    });

    let err = "";
    const code = await runCli(["--data-dir", held, "accounts", "create", "--email", "x@example.test"], {
      io: { out: () => undefined, err: (s) => void (err += s) },
    });
    expect(code).toBe(69);
    expect(err).toContain(`in use by process ${child.pid}`);
    expect(err).toContain("--api-url");
  }, 60_000);
});

describe("configuration errors", () => {
  it("name the bad setting and exit 64 instead of failing with a stack", async () => {
    const err: string[] = [];
    const saved = process.env["BASE_URL"];
    process.env["BASE_URL"] = "not a url";
    try {
      const code = await runCli(["status"], { io: { out: () => undefined, err: (t) => err.push(t) } });
      expect(code).toBe(64);
      expect(err.join("")).toMatch(/configuration baseUrl/);
    } finally {
      if (saved === undefined) delete process.env["BASE_URL"];
      else process.env["BASE_URL"] = saved;
    }
  });
});
