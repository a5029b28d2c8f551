// The commercial mechanics over HTTP on one embedded PGlite shared by the file (two engines over it stand for two
// API processes with their own caches).
import { afterAll, beforeAll } from "vitest";
import { describeCommerce } from "./support/commerce-scenarios.js";
import { sharedPglite } from "./support/harness.js";

const db = sharedPglite();

beforeAll(async () => {
  await db();
}, 120_000);

afterAll(async () => {
  await (await db()).close();
});

describeCommerce("PGlite", { db, peer: db });
