import { describe, expect, it } from "vitest";
import { createPgliteDb, migrate, readMigrations } from "@scamverify/persistence";

// Each test opens a fresh PGlite, which takes seconds (more on a loaded machine).
const SLOW = { timeout: 60_000 };

describe("migrate on PGlite", () => {
  it("applies every migration once and is idempotent", SLOW, async () => {
    const db = await createPgliteDb();
    const first = await migrate(db);
    expect(first).toEqual(readMigrations().map((m) => m.name));
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM accounts");
    expect(rows[0]?.n).toBe(0);
    await db.close();
  });

  it("rolls back a failing transaction", SLOW, async () => {
    const db = await createPgliteDb();
    await migrate(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          "INSERT INTO result_cache (key, value, created_at, expires_at) VALUES ('k', '{}', now(), now())",
        );
        throw new Error("boom");
      }),
    ).rejects.toThrow();
    const { rows } = await db.query("SELECT * FROM result_cache");
    expect(rows).toHaveLength(0);
    await db.close();
  });
});
