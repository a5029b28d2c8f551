// The OAuthStore contract on embedded PGlite, all migrations applied.
import { describe, expect, it, onTestFinished } from "vitest";
import { createPgliteDb, migrate } from "@scamverify/persistence";
import { describeOAuthStoreContract } from "@scamverify/core/testing";
import { SqlOAuthStore } from "../src/sql-oauth-store.js";
import { useMigratedPglite } from "./support/pglite.js";

const getDb = useMigratedPglite();

describeOAuthStoreContract("PGlite", async () => ({
  store: new SqlOAuthStore(await getDb()),
  cleanup: async () => undefined,
}));

describe("SqlOAuthStore.purgeExpired", () => {
  it("deletes what expired before the given time and keeps the rest", async () => {
    // A database of its own: the contract suite above leaves expired rows behind in the shared one.
    const d = await createPgliteDb();
    await migrate(d);
    onTestFinished(() => d.close());
    const store = new SqlOAuthStore(d);
    const t0 = new Date("2026-11-01T00:00:00Z");
    await d.query(
      "INSERT INTO accounts (id, email, plan, period_start, period_end, created_at) VALUES ('purge-acct', 'purge@example.com', 'free', $1, $1, $1)",
      [t0],
    );
    const session = (id: string, expiresAt: Date) => ({
      idHash: id,
      accountId: "purge-acct",
      createdAt: t0,
      expiresAt,
    });
    await store.createSession(session("a".repeat(64), new Date("2026-11-01T01:00:00Z")));
    await store.createSession(session("b".repeat(64), new Date("2026-11-03T00:00:00Z")));
    expect(await store.purgeExpired(new Date("2026-11-02T00:00:00Z"))).toBe(1);
    const { rows } = await d.query<{ id_hash: string }>(
      "SELECT id_hash FROM oauth_sessions WHERE account_id = 'purge-acct'",
    );
    expect(rows.map((r) => r.id_hash)).toEqual(["b".repeat(64)]);
  });
});
