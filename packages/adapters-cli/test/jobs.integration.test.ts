// A job end to end on PostgreSQL with pg-boss: 250 URL items submitted over HTTP, worked by the server's workers,
// a signed webhook to a receiver on 127.0.0.1 (the test-only loopback allowance), 250 results, exactly 250 units.
// Then the CLI's jobs commands and the MCP tools against the same server.
import { createServer, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp, silentLogger, startHttpServer, type RunningServer } from "@scamverify/adapters-http";
import { findTool } from "@scamverify/adapters-mcp";
import { SIGNATURE_HEADER, verifyWebhook } from "@scamverify/providers";
import type { JobResultLine, JobView, Principal } from "@scamverify/core";
import { loadConfig } from "../src/config.js";
import { createRuntime, type Runtime } from "../src/runtime.js";
import { startJobWorkers, type JobWorkers } from "../src/job-workers.js";
import { runCli } from "../src/program.js";
import { createRemoteEngine } from "../src/remote-engine.js";
import { createTemporaryDatabase, type TemporaryDatabase } from "./support/temporary-database.js";

interface Received {
  readonly header: string;
  readonly body: string;
}

let database: TemporaryDatabase;
let rt: Runtime;
let server: RunningServer;
let workers: JobWorkers;
let receiver: Server;
let receiverUrl: string;
let apiKey: string;
let principal: Principal;
const received: Received[] = [];
const waiters: ((r: Received) => void)[] = [];

beforeAll(async () => {
  database = await createTemporaryDatabase("sv_jobs");
  const config = loadConfig(
    {
      databaseUrl: database.url,
      dataDir: mkdtempSync(join(tmpdir(), "sv-jobs-")),
      networkInspection: false,
      page: false,
    },
    {},
  );
  rt = await createRuntime(config, { jobs: { allowLoopbackWebhooksForTests: true } });
  const account = (
    await rt.engine.accounts.create({ email: `${randomUUID()}@example.test`, plan: "starter" })
  )._unsafeUnwrap();
  const key = (await rt.engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap();
  apiKey = key.key;
  principal = (await rt.engine.authenticate(`Bearer ${apiKey}`))._unsafeUnwrap();
  server = await startHttpServer(createHttpApp({ engine: rt.engine, logger: silentLogger }), 0, "127.0.0.1");
  workers = await startJobWorkers(rt, { concurrency: 2 });
  receiver = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      const r = { header: String(req.headers[SIGNATURE_HEADER.toLowerCase()] ?? ""), body };
      received.push(r);
      waiters.shift()?.(r);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hook`;
}, 120_000);

afterAll(async () => {
  await workers?.stop();
  await server?.close(1000);
  await new Promise((r) => receiver?.close(r));
  await rt?.close();
  await database?.drop();
}, 60_000);

const api = (path: string, init: RequestInit = {}): Promise<Response> =>
  fetch(`http://127.0.0.1:${server.port}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", ...init.headers },
  });

const nextWebhook = (): Promise<Received> => new Promise((resolve) => waiters.push(resolve));

describe("a 250-item URL job on PostgreSQL", () => {
  it("completes with 250 results, a webhook whose signature verifies, and exactly 250 units", async () => {
    const hook = nextWebhook();
    const items = Array.from({ length: 250 }, (_, i) => ({ url: `https://shop-${i}.example-store.com/login?id=${i}` }));
    const submitted = await api("/api/v1/jobs", {
      method: "POST",
      body: JSON.stringify({ channel: "url", items, webhook_url: receiverUrl }),
    });
    expect(submitted.status).toBe(202);
    const { id, status, webhook_secret } = (await submitted.json()) as {
      id: string;
      status: string;
      webhook_secret: string;
    };
    expect(status).toBe("queued");

    const delivered = await hook;
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(delivered.header, delivered.body, webhook_secret, now)).toBe(true);
    expect(verifyWebhook(delivered.header, delivered.body, "whsec_wrong", now)).toBe(false);
    expect(verifyWebhook(delivered.header, delivered.body, webhook_secret, now + 301)).toBe(false);
    const event = JSON.parse(delivered.body) as { type: string; job: JobView };
    expect(event.type).toBe("job.finished");
    expect(event.job).toMatchObject({ id, status: "completed", total: 250, completed: 250, failed: 0 });

    const view = (await (await api(`/api/v1/jobs/${id}`)).json()) as JobView;
    expect(view).toMatchObject({ status: "completed", completed: 250 });
    expect(view.started_at).toBeDefined();
    expect(view.finished_at).toBeDefined();

    const results = await api(`/api/v1/jobs/${id}/results`);
    expect(results.headers.get("content-type")).toMatch(/^application\/jsonl/);
    const lines = (await results.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as JobResultLine);
    expect(lines.map((l) => l.index)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(lines.every((l) => "result" in l && l.result["cached"] === false)).toBe(true);

    const usage = (await (await api("/api/v1/usage")).json()) as { quotas: { url: { used: number } } };
    expect(usage.quotas.url.used).toBe(250);
    const { rows } = await rt.db.query<{ used: number }>(
      "SELECT used::int AS used FROM quota_usage WHERE account_id = $1 AND channel = 'url'",
      [principal.accountId],
    );
    expect(rows[0]?.used).toBe(250);
  }, 120_000);

  it("refuses another account's job as not found, and a bad item before storing anything", async () => {
    const other = (
      await rt.engine.accounts.create({ email: `${randomUUID()}@example.test`, plan: "starter" })
    )._unsafeUnwrap();
    const otherKey = (await rt.engine.keys.create(other.id, { mode: "live" }))._unsafeUnwrap().key;
    const mine = (
      await rt.engine.jobs.submit(principal, { channel: "url", items: [{ url: "https://a.example/" }] })
    )._unsafeUnwrap().value;
    for (const path of [`/api/v1/jobs/${mine.id}`, `/api/v1/jobs/${mine.id}/results`]) {
      const res = await api(path, { headers: { authorization: `Bearer ${otherKey}` } });
      expect(res.status).toBe(404);
    }
    const cancel = await api(`/api/v1/jobs/${mine.id}/cancel`, {
      method: "POST",
      headers: { authorization: `Bearer ${otherKey}` },
    });
    expect(cancel.status).toBe(404);
    const bad = await api("/api/v1/jobs", {
      method: "POST",
      body: JSON.stringify({ channel: "url", items: [{ url: "https://a.example/" }, { url: 7 }] }),
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; details: { issues: { field: string }[] } } };
    expect(body.error.details.issues[0]!.field).toBe("items[1].url");
  }, 60_000);

  it("the CLI and the MCP tools submit, poll and read a job on the server", async () => {
    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t) };
    const remote = ["--api-url", `http://127.0.0.1:${server.port}`, "--api-key", apiKey];
    let hook = nextWebhook();
    const code = await runCli(
      ["jobs", "submit", ...remote, "--channel", "url", "--file", "-", "--webhook-url", receiverUrl, "--json"],
      { io, stdin: () => "https://cli-1.example.org/\nhttps://cli-2.example.org/\n" },
    );
    expect(code).toBe(0);
    const { id } = JSON.parse(out.join("")) as { id: string };
    await hook;
    out.length = 0;
    expect(await runCli(["jobs", "status", ...remote, id, "--json"], { io })).toBe(0);
    expect(JSON.parse(out.join(""))).toMatchObject({ id, status: "completed", completed: 2 });
    out.length = 0;
    expect(await runCli(["jobs", "results", ...remote, id], { io })).toBe(0);
    expect(out.join("").trim().split("\n")).toHaveLength(2);
    out.length = 0;
    expect(await runCli(["jobs", "cancel", ...remote, id], { io })).toBe(73);

    const engine = createRemoteEngine({ apiUrl: `http://127.0.0.1:${server.port}`, apiKey });
    hook = nextWebhook();
    const submitted = await findTool("submit_job")!.call(engine, principal, {
      channel: "url",
      items: [{ url: "https://mcp-1.example.org/" }],
      webhook_url: receiverUrl,
    });
    const jobId = (submitted._unsafeUnwrap().value as { id: string }).id;
    await hook;
    const view = (
      await findTool("get_job")!.call(engine, principal, { id: jobId, include_results: true })
    )._unsafeUnwrap().value as JobView & { results?: JobResultLine[] };
    expect(view).toMatchObject({ status: "completed", completed: 1 });
    expect(view.results).toHaveLength(1);
  }, 60_000);
});
