import { describe, expect, it } from "vitest";
import { createPgliteDb, migrate, readMigrations } from "@scamverify/persistence";

describe("migrate on PGlite", () => {
  it("applies every migration once and is idempotent", async () => {
    const db = await createPgliteDb();
    const first = await migrate(db);
    expect(first).toEqual(readMigrations().map((m) => m.name));
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM accounts");
    expect(rows[0]?.n).toBe(0);
    await db.close();
  });

  it("rolls back a failing transaction", async () => {
    const db = await createPgliteDb();
    await migrate(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO result_cache (key, value, created_at, expires_at) VALUES ('k', '{}', now(), now())");
        throw new Error("boom");
      }),
    ).rejects.toThrow();
    const { rows } = await db.query("SELECT * FROM result_cache");
    expect(rows).toHaveLength(0);
    await db.close();
  });
});
