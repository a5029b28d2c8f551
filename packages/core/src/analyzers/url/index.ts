export { analyzeUrl } from "./analyze-url.js";
export { assessUrlOffline } from "./assess-url-offline.js";
export { BRAND_SOURCE, BRAND_TECHNIQUES, detectBrandImpersonation } from "./brand-impersonation.js";
export type { BrandImpersonation, BrandTechnique } from "./brand-impersonation.js";
export { BRANDS } from "./lists/brands.js";
export type { Brand, BrandCategory } from "./lists/brands.js";
export type { NormalizedUrl } from "./normalized-url.js";
export { normalizeUrl } from "./normalize-url.js";
export { HEURISTICS_SOURCE, analyzeUrlHeuristics, pathAsksFor } from "./url-heuristics.js";
