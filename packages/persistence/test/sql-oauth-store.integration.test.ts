// The OAuthStore contract on PostgreSQL (TEST_DATABASE_URL) in a schema of its own, dropped afterwards: the
// concurrent code and refresh token cases run on a real pool, several connections at once.
import { describeOAuthStoreContract } from "@scamverify/core/testing";
import { SqlOAuthStore } from "../src/sql-oauth-store.js";
import { usePostgresSchema } from "./support/postgres-schema.js";

const getDb = usePostgresSchema("t_oauth");

describeOAuthStoreContract("PostgreSQL", async () => ({
  store: new SqlOAuthStore(await getDb()),
  cleanup: async () => undefined,
}));
