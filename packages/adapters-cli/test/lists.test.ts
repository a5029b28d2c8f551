// `scamverify lists` and `scamverify feedback` run in-process: on the embedded database (the local operator's
// account, whose lookups the lists then change) and against a server with --api-url and --api-key.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpApp, silentLogger, startHttpServer, type RunningServer } from "@scamverify/adapters-http";
import { enginePrincipal, inMemoryEngine } from "@scamverify/persistence/testing";
import { inProcessCli, type InProcessCli } from "./support/in-process-cli.js";

// Each command opens the embedded database (about a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

let cli: InProcessCli;
beforeAll(() => {
  cli = inProcessCli("scamverify-lists-");
});
afterAll(() => {
  cli.cleanUp();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed --json output, asserted field by field
type Loose = any;

describe("on the embedded engine", () => {
  it("adds, lists and removes entries that change the local lookups", async () => {
    const added = await cli.run("lists", "add", "block", "domain", "Kit.Example.org", "--note", "campaign", "--json");
    expect(added.code, added.err).toBe(0);
    const entry = JSON.parse(added.out) as Loose;
    expect(entry).toMatchObject({ list: "block", kind: "domain", value: "kit.example.org", created: true });

    const shown = await cli.run("lists", "list", "block");
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`${entry.id}  block  domain  kit.example.org  (campaign)`);

    const looked = await cli.run("url", "https://login.kit.example.org/", "--format", "json");
    const result = (JSON.parse(looked.out) as Loose[])[0];
    expect(result.factors[0].id).toBe("account_blocklist");
    expect(result.verdict).toBe("scam");

    const removed = await cli.run("lists", "remove", "block", entry.id);
    expect(removed.code).toBe(0);
    expect(removed.out).toContain("removed:");
    const empty = await cli.run("lists", "list", "block");
    expect(empty.out).toBe("the block list has no entries\n");
  });

  it("refuses a bad entry with the field and the validation exit status", async () => {
    const bad = await cli.run("lists", "add", "allow", "domain", "co.uk");
    expect(bad.code).toBe(65);
    expect(bad.err).toContain("validation_error");
    expect(bad.err).toContain("value:");
    const unknown = await cli.run("lists", "list", "grey");
    expect(unknown.err).toContain("not_found");
  });

  it("labels a result and exports the label as JSON Lines", async () => {
    const looked = await cli.run("url", "https://feedback-cli.example.net/", "--format", "json");
    const result = (JSON.parse(looked.out) as Loose[])[0];
    const sent = await cli.run("feedback", "send", result.id, "false_positive", "--comment", "our partner");
    expect(sent.code, sent.err).toBe(0);
    expect(sent.out).toContain(`false_positive on url result ${result.id}`);
    const exported = await cli.run("feedback", "export");
    const lines = exported.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Loose);
    expect(lines).toContainEqual(
      expect.objectContaining({
        result_id: result.id,
        kind: "false_positive",
        comment: "our partner",
        verdict: result.verdict,
      }),
    );
    const missing = await cli.run(
      "feedback",
      "send",
      "00000000-0000-4000-8000-000000000000",
      "comment",
      "--comment",
      "x",
    );
    expect(missing.err).toContain("not_found");
  });
});

describe("against a server", () => {
  let server: RunningServer;
  let key: string;
  beforeAll(async () => {
    const engine = inMemoryEngine();
    key = (await enginePrincipal(engine)).key;
    server = await startHttpServer(createHttpApp({ engine, logger: silentLogger }), 0, "127.0.0.1");
  });
  afterAll(async () => {
    await server.close();
  });

  it("manages the key's account's lists and feedback over the API", async () => {
    const remote = ["--api-url", `http://127.0.0.1:${server.port}`, "--api-key", key];
    const added = await cli.run("lists", "add", "allow", "phone", "(202) 555-0143", "--json", ...remote);
    expect(added.code, added.err).toBe(0);
    const entry = JSON.parse(added.out) as Loose;
    expect(entry.value).toBe("+12025550143");
    const page = JSON.parse(
      (await cli.run("lists", "list", "allow", "--kind", "phone", "--json", ...remote)).out,
    ) as Loose;
    expect(page.entries.map((e: Loose) => e.id)).toEqual([entry.id]);
    expect((await cli.run("lists", "list", "block", "--json", ...remote)).out).toContain('"entries": []');
    const removed = await cli.run("lists", "remove", "allow", entry.id, ...remote);
    expect(removed.code, removed.err).toBe(0);
    expect((await cli.run("lists", "remove", "allow", entry.id, ...remote)).err).toContain("not_found");
    expect((await cli.run("feedback", "export", ...remote)).out).toBe("");
  });
});
