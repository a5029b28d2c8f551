// The commercial mechanics over HTTP on one embedded PGlite shared by the file (two engines over it stand for two
// API processes with their own caches).
import { afterAll, beforeAll, vi } from "vitest";
import { describeCommerce } from "./support/commerce-scenarios.js";
import { sharedPglite } from "./support/harness.js";

// Real SQL under concurrent HTTP load; a busy machine can stretch a test past the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

const db = sharedPglite();

beforeAll(async () => {
  await db();
}, 120_000);

afterAll(async () => {
  await (await db()).close();
});

describeCommerce("PGlite", { db, peer: db });
