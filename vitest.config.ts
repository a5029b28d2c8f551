import { defineConfig } from "vitest/config";

// Workspace packages resolve to their TypeScript sources through the "source" export condition.
const resolve = { conditions: ["source", "import", "module", "node", "default"] };

export default defineConfig({
  resolve,
  ssr: { resolve: { conditions: resolve.conditions, externalConditions: ["source"] } },
  test: {
    projects: [
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions, externalConditions: ["source"] } },
        test: {
          name: "unit",
          include: ["packages/*/test/**/*.test.ts", "eval/**/*.test.ts", "bench/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "**/node_modules/**"],
        },
      },
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions, externalConditions: ["source"] } },
        test: {
          name: "integration",
          include: ["packages/*/test/**/*.integration.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
