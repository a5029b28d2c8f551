// Every store contract on PostgreSQL (TEST_DATABASE_URL), in a schema of its own that is dropped afterwards.
import { registerSqlSuites } from "./support/register-sql-suites.js";
import { usePostgresSchema } from "./support/postgres-schema.js";

const getDb = usePostgresSchema("t");

registerSqlSuites("PostgreSQL", getDb);
