// Builds the template of a new embedded database (see src/database-template.ts): a PGlite database in memory, every
// migration applied by the package's own migrate(), dumped gzipped into dist/ with its manifest. The build runs it
// after tsc, from the compiled code.
//   node scripts/make-database-template.mjs
import { renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createPgliteDb, dumpEmbeddedDatabase, migrate, readMigrations } from "../dist/index.js";
import { TEMPLATE_FILE, TEMPLATE_MANIFEST, manifestOf } from "../dist/database-template.js";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const db = await createPgliteDb();
try {
  const migrations = readMigrations();
  await migrate(db, migrations);
  const dump = await dumpEmbeddedDatabase(db);
  const manifest = manifestOf(dump, migrations);
  // Written under temporary names and renamed, the manifest last: a reader never pairs a manifest with another dump.
  writeFileSync(join(dist, `${TEMPLATE_FILE}.tmp`), dump);
  writeFileSync(join(dist, `${TEMPLATE_MANIFEST}.tmp`), `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(join(dist, `${TEMPLATE_FILE}.tmp`), join(dist, TEMPLATE_FILE));
  renameSync(join(dist, `${TEMPLATE_MANIFEST}.tmp`), join(dist, TEMPLATE_MANIFEST));
  process.stdout.write(
    `database template: ${(dump.length / 1024 / 1024).toFixed(1)} MB, migrations ${migrations.map((m) => m.name).join(", ")}\n`,
  );
} finally {
  await db.close();
}
