export { createPageRouter, DEFAULT_SHARE_TTL_MS } from "./create-page-router.js";
export type { PageRouterDeps } from "./create-page-router.js";
export { DEFAULT_ANONYMOUS_LIMITS, clientKey } from "./anonymous-limits.js";
export type { AnonymousLimits } from "./anonymous-limits.js";
export { detectInput } from "./detect-input.js";
export type { InputKind } from "./detect-input.js";
export { COUNTRIES } from "./next-steps-data.js";
export type { Country } from "./next-steps-data.js";
export { withoutCacheWrites } from "./read-only-cache.js";
