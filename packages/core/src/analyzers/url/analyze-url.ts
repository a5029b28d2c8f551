import type { Evidence } from "../../ports/signal-source.js";
import { detectBrandImpersonation } from "./brand-impersonation.js";
import type { NormalizedUrl } from "./normalized-url.js";
import { analyzeUrlHeuristics } from "./url-heuristics.js";

/**
 * The offline URL analyzers: brand impersonation (source "brand_impersonation") and structural heuristics
 * (source "url_heuristics"), always in that order. Pure and synchronous; never throws.
 */
export function analyzeUrl(url: NormalizedUrl): Evidence[] {
  return [detectBrandImpersonation(url), analyzeUrlHeuristics(url)];
}
