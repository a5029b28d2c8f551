import { defineConfig } from "vitest/config";

// Workspace packages resolve to their TypeScript sources through the "source" export condition.
const conditions = ["source", "module", "node", "development|production"];
const shared = { resolve: { conditions }, ssr: { resolve: { conditions } } };

export default defineConfig({
  ...shared,
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["packages/*/test/**/*.test.ts", "eval/**/*.test.ts", "bench/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "**/node_modules/**"],
        },
      },
      {
        ...shared,
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
