// One migrated in-memory PGlite shared by a whole test file (creating one takes seconds), closed afterwards.
import { createPgliteDb, type Db } from "@scamverify/persistence";
import { useMigratedDb } from "./migrated-db.js";

/** Registers the file's set-up and clean-up hooks and returns the getter of its database. */
export function useMigratedPglite(): () => Promise<Db> {
  return useMigratedDb(
    () => createPgliteDb(),
    (d) => d.close(),
  );
}
