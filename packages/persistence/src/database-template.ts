// The template of a new embedded database: a gzipped data folder that has had initdb and every migration, made once
// at build time (scripts/make-database-template.mjs) and kept in dist/ with a manifest. A new data folder is loaded
// from it instead of running initdb and the migrations again (5-7 s and about 800 MB at peak on a 2-core machine).
// It is used only when it fits: made by the PGlite installed here, holding migrations whose names and contents are
// those of this package, in order; anything else makes the database the long way.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { MigrationFile } from "./migrate.js";

export const TEMPLATE_FILE = "database-template.tar.gz";
export const TEMPLATE_MANIFEST = "database-template.json";

/** dist/ of this package, from its sources and from its compiled code alike. */
const DIST = fileURLToPath(new URL("../dist/", import.meta.url));

export interface TemplateManifest {
  /** The PGlite version that made it: a data folder belongs to one PostgreSQL build. */
  readonly pglite: string;
  readonly bytes: number;
  readonly sha256: string;
  /** The migrations it holds, in order, with the SHA-256 of each file's SQL. */
  readonly migrations: readonly { readonly name: string; readonly sha256: string }[];
}

/** The version of the installed PGlite. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = join(dirname(entry), "..", "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

export function manifestOf(dump: Uint8Array, migrations: readonly MigrationFile[]): TemplateManifest {
  return {
    pglite: pgliteVersion(),
    bytes: dump.length,
    sha256: sha256(dump),
    migrations: migrations.map((m) => ({ name: m.name, sha256: sha256(m.sql) })),
  };
}

const sha256 = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex");

/**
 * The template, when one was built and fits this installation and these migrations (see above); null otherwise.
 * Never throws: a missing, stale or damaged template only means the database is made the long way.
 */
export function readDatabaseTemplate(migrations: readonly MigrationFile[], dir: string = DIST): Uint8Array | null {
  try {
    const file = join(dir, TEMPLATE_FILE);
    const manifestFile = join(dir, TEMPLATE_MANIFEST);
    if (!existsSync(file) || !existsSync(manifestFile)) return null;
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as TemplateManifest;
    if (manifest.pglite !== pgliteVersion()) return null;
    if (manifest.migrations.length > migrations.length) return null;
    for (const [i, held] of manifest.migrations.entries()) {
      const current = migrations[i];
      if (current === undefined || current.name !== held.name || sha256(current.sql) !== held.sha256) return null;
    }
    const dump = new Uint8Array(readFileSync(file));
    if (dump.length !== manifest.bytes || sha256(dump) !== manifest.sha256) return null;
    return dump;
  } catch {
    return null;
  }
}
