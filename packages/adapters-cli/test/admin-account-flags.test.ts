// Operator commands name the account the same way everywhere (--account), and a second revocation of a key is
// reported as what it is. Run in-process over an embedded data folder in a temp directory.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inProcessCli } from "./support/in-process-cli.js";

vi.setConfig({ testTimeout: 60_000 });

const cli = inProcessCli("scamverify-admin-");
const run = cli.run;

let account = "";

beforeAll(async () => {
  const created = await run("accounts", "create", "--email", `ops-${process.pid}@example.test`, "--json");
  expect(created.code, created.err).toBe(0);
  account = (JSON.parse(created.out) as { id: string }).id;
}, 120_000);

afterAll(() => cli.cleanUp());

describe("accounts take --account like keys and usage", () => {
  it("accounts show --account", async () => {
    const shown = await run("accounts", "show", "--account", account, "--json");
    expect(shown.code, shown.err).toBe(0);
    expect(JSON.parse(shown.out)).toMatchObject({ id: account, plan: "free" });
    // The older positional form keeps working.
    expect((await run("accounts", "show", account, "--json")).code).toBe(0);
  });

  it("accounts set-plan --account <id> <plan>, and the older <id> <plan>", async () => {
    const up = await run("accounts", "set-plan", "--account", account, "starter", "--json");
    expect(up.code, up.err).toBe(0);
    expect(JSON.parse(up.out)).toMatchObject({ id: account, plan: "starter" });
    const older = await run("accounts", "set-plan", account, "professional", "--json");
    expect(older.code, older.err).toBe(0);
    expect(JSON.parse(older.out)).toMatchObject({ plan: "professional" });
  });

  it("accounts set-period --account", async () => {
    const r = await run(
      "accounts",
      "set-period",
      "--account",
      account,
      "--start",
      "2026-11-01T00:00:00Z",
      "--end",
      "2026-12-01T00:00:00Z",
      "--json",
    );
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).billing_period.start).toMatch(/^2026-11-01T00:00:00(\.000)?Z$/);
  });

  it("refuses no account, or two accounts that differ, with exit 64", async () => {
    const none = await run("accounts", "show", "--json");
    expect(none.code).toBe(64);
    expect(none.err).toContain("--account");
    const both = await run("accounts", "show", "--account", account, "00000000-0000-4000-8000-000000000000");
    expect(both.code).toBe(64);
    expect(both.err).toMatch(/differ/);
  });
});

describe("keys revoke", () => {
  it("says a key was already revoked, exits 73 and keeps the first revocation time", async () => {
    const key = JSON.parse((await run("keys", "create", "--account", account, "--json")).out) as { id: string };
    const first = await run("keys", "revoke", key.id, "--account", account, "--json");
    expect(first.code, first.err).toBe(0);
    const revokedAt = (JSON.parse(first.out) as { revoked_at: string }).revoked_at;

    const again = await run("keys", "revoke", key.id, "--account", account, "--json");
    expect(again.code).toBe(73);
    expect(again.out).toBe("");
    expect(again.err).toBe(`error: conflict: Key ${key.id} was already revoked at ${revokedAt}; nothing changed.\n`);

    const listed = JSON.parse((await run("keys", "list", "--account", account, "--json")).out) as {
      id: string;
      revoked_at: string;
    }[];
    expect(listed.find((k) => k.id === key.id)?.revoked_at).toBe(revokedAt);
  });
});
