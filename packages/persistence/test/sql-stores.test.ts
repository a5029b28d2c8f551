// Every store contract on one in-memory PGlite shared by the whole file (creating one takes seconds).
import { registerSqlSuites } from "./support/register-sql-suites.js";
import { useMigratedPglite } from "./support/pglite.js";

const getDb = useMigratedPglite();

registerSqlSuites("PGlite", getDb);
