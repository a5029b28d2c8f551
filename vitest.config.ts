import { defineConfig } from "vitest/config";

// Workspace packages resolve to their TypeScript sources through the "source" export condition.
const conditions = ["source", "module", "node", "development|production"];
const shared = { resolve: { conditions }, ssr: { resolve: { conditions } } };
// Some dependencies publish a "source" condition of their own pointing at .ts files (eventsource-parser, used by the
// MCP SDK's HTTP client); they and their importers are bundled by vite instead of being handed to Node.
const server = { deps: { inline: [/eventsource-parser/, /@modelcontextprotocol\/sdk/] } };

export default defineConfig({
  ...shared,
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          server,
          include: ["packages/*/test/**/*.test.ts", "eval/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "**/node_modules/**"],
          // An embedded PGlite takes seconds to start on a loaded 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
          server,
          include: ["packages/*/test/**/*.integration.test.ts"],
          // Once for the run: PostgreSQL and Redis from the environment, the local defaults, or containers when only
          // a Docker engine can give them (stopped at the end); see packages/persistence/src/testing/test-containers.ts.
          globalSetup: ["packages/persistence/src/testing/vitest-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
