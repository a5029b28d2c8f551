import { describe } from "vitest";
import { migrate } from "../src/migrate.js";
import { createPgliteDb } from "../src/pglite-db.js";
import { phoneRegistryStoreContract } from "./sql-phone-registry-store.contract.js";

// Booting PGlite and migrating takes seconds on a busy machine.
describe("SqlPhoneRegistryStore on PGlite", { timeout: 60_000 }, () => {
  phoneRegistryStoreContract(async () => {
    const db = await createPgliteDb();
    await migrate(db);
    return db;
  });
});
