// The template of a new embedded database: used only when it fits this PGlite and these migrations, and a database
// made from it is the one the migrations make.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDatabase,
  createPgliteDb,
  dumpEmbeddedDatabase,
  migrate,
  readDatabaseTemplate,
  readMigrations,
  type TemplateManifest,
} from "@scamverify/persistence";
import { TEMPLATE_FILE, TEMPLATE_MANIFEST, manifestOf } from "../src/database-template.js";

// A PGlite database takes seconds to make on a loaded machine.
const SLOW = { timeout: 120_000 };

const DIST = fileURLToPath(new URL("../dist/", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "scamverify-template-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A template folder of the test's own: the build's when there is one, otherwise made here. */
beforeAll(async () => {
  if (existsSync(join(DIST, TEMPLATE_FILE)) && existsSync(join(DIST, TEMPLATE_MANIFEST))) {
    copyFileSync(join(DIST, TEMPLATE_FILE), join(dir, TEMPLATE_FILE));
    copyFileSync(join(DIST, TEMPLATE_MANIFEST), join(dir, TEMPLATE_MANIFEST));
    return;
  }
  const db = await createPgliteDb();
  await migrate(db);
  const dump = await dumpEmbeddedDatabase(db);
  await db.close();
  writeFileSync(join(dir, TEMPLATE_FILE), dump);
  writeFileSync(join(dir, TEMPLATE_MANIFEST), JSON.stringify(manifestOf(dump, readMigrations())));
}, 120_000);

function variant(name: string, edit: (m: TemplateManifest, dump: Buffer) => [TemplateManifest, Buffer]): string {
  const manifest = JSON.parse(readFileSync(join(dir, TEMPLATE_MANIFEST), "utf8")) as TemplateManifest;
  const [m, d] = edit(manifest, readFileSync(join(dir, TEMPLATE_FILE)));
  const folder = mkdtempSync(join(dir, `${name}-`));
  writeFileSync(join(folder, TEMPLATE_FILE), d);
  writeFileSync(join(folder, TEMPLATE_MANIFEST), JSON.stringify(m));
  return folder;
}

describe("the database template", () => {
  const migrations = readMigrations();

  it("is used when it fits, and also when newer migrations follow the ones it holds", () => {
    expect(readDatabaseTemplate(migrations, dir)).not.toBeNull();
    const newer = [...migrations, { name: "999_later.sql", sql: "SELECT 1;" }];
    expect(readDatabaseTemplate(newer, dir)).not.toBeNull();
  });

  it("is refused when another PGlite made it, or its migrations or bytes are not these", () => {
    const otherPglite = variant("pglite", (m, d) => [{ ...m, pglite: "0.0.1" }, d]);
    expect(readDatabaseTemplate(migrations, otherPglite)).toBeNull();
    const changed = migrations.map((m, i) => (i === 0 ? { ...m, sql: `${m.sql}\n-- edited` } : m));
    expect(readDatabaseTemplate(changed, dir)).toBeNull();
    expect(readDatabaseTemplate(migrations.slice(0, -1), dir)).toBeNull();
    const damaged = variant("bytes", (m, d) => {
      const copy = Buffer.from(d);
      copy[copy.length - 1] = (copy[copy.length - 1] ?? 0) ^ 0xff;
      return [m, copy];
    });
    expect(readDatabaseTemplate(migrations, damaged)).toBeNull();
    expect(readDatabaseTemplate(migrations, join(dir, "missing"))).toBeNull();
  });

  it("makes a new data folder holding every migration, empty, and opened again as it is", SLOW, async () => {
    const dataDir = join(dir, "data");
    const db = await createDatabase({ dataDir });
    try {
      const applied = await db.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
      expect(applied.rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
      const accounts = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM accounts");
      expect(accounts.rows[0]?.n).toBe(0);
      await db.query("INSERT INTO result_cache (key, value, created_at, expires_at) VALUES ('k', '{}', now(), now())");
    } finally {
      await db.close();
    }
    const again = await createDatabase({ dataDir });
    try {
      expect(await migrate(again)).toEqual([]);
      expect((await again.query("SELECT key FROM result_cache")).rows).toEqual([{ key: "k" }]);
    } finally {
      await again.close();
    }
  });
});
