// One-shot lookups: with no data folder the CLI runs in memory, creates no folder and keeps nothing, and its answers
// equal those of a new, empty database; with a data folder holding a database it uses it (cache, usage) as before.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config.js";
import { openLookupSession, type LookupSession } from "../src/runtime.js";
import { inProcessCli } from "./support/in-process-cli.js";

// A database made for a test takes a second or more on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const cli = inProcessCli("scamverify-one-shot-");
const dataDir = join(cli.dir, "data");
afterAll(() => cli.cleanUp());

const SCAM = "http://paypa1-login-secure.top/verify?account=1";

/** A lookup's answer without what differs from one computation to the next (its id and times). */
function stable(value: unknown): unknown {
  const { id, created_at, cache_expires_at, ...rest } = value as Record<string, unknown>;
  void id;
  void created_at;
  void cache_expires_at;
  return rest;
}

describe("a one-shot lookup", () => {
  it("with no data folder runs in memory: it creates no folder and keeps nothing", async () => {
    expect(existsSync(dataDir)).toBe(false);
    const first = await cli.run("url", "--no-network", "--format", "jsonl", SCAM);
    expect(first.code, first.err).toBe(12);
    const again = await cli.run("url", "--no-network", "--format", "jsonl", SCAM);
    expect(again.code, again.err).toBe(12);
    // Nothing was cached: the repeat computed its answer again.
    expect((JSON.parse(again.out.trim()) as { cached: boolean }).cached).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("with a data folder holding a database uses it: a repeat comes from its cache", async () => {
    const made = await cli.run("db", "migrate", "--json");
    expect(made.code, made.err).toBe(0);
    expect(existsSync(join(dataDir, "pglite"))).toBe(true);
    expect((await cli.run("url", "--no-network", "--format", "jsonl", SCAM)).code).toBe(12);
    const again = await cli.run("url", "--no-network", "--format", "jsonl", SCAM);
    expect((JSON.parse(again.out.trim()) as { cached: boolean }).cached).toBe(true);
  });
});

describe("openLookupSession", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const config = (folder: string) => loadConfig({ dataDir: folder, networkInspection: false }, {});

  it("answers in memory exactly as a new, empty database does, on every channel's sample", async () => {
    const root = mkdtempSync(join(tmpdir(), "scamverify-session-"));
    dirs.push(root);
    const migrated = await cli.run("--data-dir", join(root, "db"), "db", "migrate");
    expect(migrated.code, migrated.err).toBe(0);
    const memory = await openLookupSession(config(join(root, "none")));
    const database = await openLookupSession(config(join(root, "db")));
    const sessions: LookupSession[] = [memory, database];
    try {
      expect(memory.keeps).toBe("memory");
      expect(database.keeps).toBe("database");
      const bodies: [string, Record<string, unknown>][] = [
        ["url", { url: SCAM }],
        ["url", { url: "https://www.example.com/" }],
        ["phone", { phone_number: "+1 (415) 555-2671" }],
        [
          "text",
          { text: "USPS: your parcel is on hold, pay $1.99 at usps-redelivery.top", sender_number: "+1 415 555 0100" },
        ],
      ];
      for (const [channel, body] of bodies) {
        const [a, b] = await Promise.all(sessions.map((s) => s.engine.check(channel, s.principal, body)));
        expect(a?.isOk(), channel).toBe(true);
        expect(b?.isOk(), channel).toBe(true);
        expect(stable(a?._unsafeUnwrap().value), `${channel} ${JSON.stringify(body)}`).toEqual(
          stable(b?._unsafeUnwrap().value),
        );
      }
    } finally {
      for (const s of sessions) await s.close();
    }
    expect(existsSync(join(root, "none"))).toBe(false);
  });
});
