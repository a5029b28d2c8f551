import { describe } from "vitest";
import { migrate } from "../src/migrate.js";
import { createPgliteDb } from "../src/pglite-db.js";
import { phoneRegistryStoreContract } from "./sql-phone-registry-store.contract.js";

describe("SqlPhoneRegistryStore on PGlite", () => {
  phoneRegistryStoreContract(async () => {
    const db = await createPgliteDb();
    await migrate(db);
    return db;
  });
});
