// The in-memory fakes without the contract suites, so production code (the in-process rate limiter) can
// import them without loading vitest: "@scamverify/core/testing/fakes".
export { InMemoryAccountStore } from "./in-memory-account-store.js";
export { InMemoryApiKeyStore } from "./in-memory-api-key-store.js";
export { InMemoryQuotaLedger } from "./in-memory-quota-ledger.js";
export { InMemoryResultCache } from "./in-memory-result-cache.js";
export { InMemoryRateLimiter } from "../policies/in-memory-rate-limiter.js";
export type { InMemoryRateLimiterOptions } from "../policies/in-memory-rate-limiter.js";
export { InMemoryIdempotencyStore } from "../policies/in-memory-idempotency-store.js";
export { InMemoryReportStore } from "./in-memory-report-store.js";
export { FixedClock } from "./fixed-clock.js";
export { SequentialIds, toBase64Url } from "./sequential-ids.js";
export { ManualTimers } from "./manual-timers.js";
export { IN_MEMORY_ENGINE_TIME, inMemoryEngineDeps } from "./in-memory-engine-deps.js";
export { InMemoryJobStore } from "./in-memory-job-store.js";
export { InMemoryListStore } from "../lists/in-memory-list-store.js";
export { InMemoryFeedbackStore } from "../lists/in-memory-feedback-store.js";
