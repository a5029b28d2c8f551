// A URL scored by the offline analyzers alone, the way the engine's offline path scores a sub-lookup.
import { assess, type Assessment } from "../../scoring/score.js";
import type { Scoring } from "../../scoring/weights.js";
import { OFFLINE_WEIGHT } from "../../scoring/evidence-weights.js";
import { analyzeUrl } from "./analyze-url.js";
import type { NormalizedUrl } from "./normalized-url.js";

/** A URL scored by the offline analyzers alone (no network, no feeds), each at OFFLINE_WEIGHT. */
export function assessUrlOffline(url: NormalizedUrl, scoring?: Scoring): Assessment {
  return assess(
    analyzeUrl(url).map((evidence) => ({ evidence, weight: OFFLINE_WEIGHT })),
    scoring === undefined ? { channel: "url" } : { channel: "url", scoring },
  );
}
