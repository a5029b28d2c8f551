// The commercial mechanics over HTTP on one embedded PGlite shared by the file (two engines over it stand for two
// API processes with their own caches).
import { vi } from "vitest";
import { describeCommerce } from "./support/commerce-scenarios.js";
import { usePglite } from "./support/file-hooks.js";

// Real SQL under concurrent HTTP load; a busy machine can stretch a test past the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

const db = usePglite();

describeCommerce("PGlite", { db, peer: db });
