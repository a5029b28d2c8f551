// "@scamverify/core/testing": in-memory fakes of the ports and one vitest contract suite per port.
// Importing this module loads vitest (an optional peer dependency); production code imports
// "@scamverify/core/testing/fakes" instead.
export {
  FixedClock,
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemoryIdempotencyStore,
  InMemoryQuotaLedger,
  InMemoryRateLimiter,
  InMemoryReportStore,
  InMemoryResultCache,
  ManualTimers,
  SequentialIds,
  toBase64Url,
  IN_MEMORY_ENGINE_TIME,
  inMemoryEngineDeps,
  InMemoryJobStore,
  InMemoryListStore,
  InMemoryFeedbackStore,
} from "./fakes.js";
export type { InMemoryRateLimiterOptions } from "./fakes.js";
export { T0, at, uniqueName } from "./contract-fixture.js";
export type { AccountScopedFixture, ContractFixture } from "./contract-fixture.js";
export { describeAccountStoreContract } from "./account-store-contract.js";
export { describeApiKeyStoreContract } from "./api-key-store-contract.js";
export { describeQuotaLedgerContract } from "./quota-ledger-contract.js";
export { describeResultCacheContract } from "./result-cache-contract.js";
export { describeRateLimiterContract, describeSlidingLimiterContract } from "./rate-limiter-contract.js";
export { describeReportStoreContract } from "./report-store-contract.js";
export { describeJobStoreContract } from "./job-store-contract.js";
export type { JobStoreFixture } from "./job-store-contract.js";
export { describeIdempotencyStoreContract, type IdempotencyStoreFixture } from "./idempotency-store-contract.js";
export { describeHasherContract, describeIdsContract, describePasswordHasherContract } from "./hasher-contract.js";
export { InMemoryOAuthStore, describeOAuthStoreContract, oauthStoreContract } from "./oauth/index.js";
export type { OAuthStoreContractCase, OAuthStoreContractContext } from "./oauth/index.js";
export { channelScenarios, describeScenarios, scenariosFor } from "./scenarios.js";
export type { FaceDriver, FaceOutcome, KeyKind, Scenario } from "./scenarios.js";
export { describeListStoreContract } from "./list-store-contract.js";
export { describeFeedbackStoreContract } from "./feedback-store-contract.js";
