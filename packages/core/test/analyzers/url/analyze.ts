// The offline URL analyzers run the way the engine runs them: evidence, then the engine's own score combination.
import { analyzeUrl } from "../../../src/analyzers/url/analyze-url.js";
import type { BrandImpersonation } from "../../../src/analyzers/url/brand-impersonation.js";
import { normalizeUrl } from "../../../src/analyzers/url/normalize-url.js";
import type { Evidence } from "../../../src/ports/signal-source.js";
import { combineScore } from "../../../src/scoring/score.js";

export function analyze(raw: string): {
  brand: BrandImpersonation;
  evidence: Evidence[];
  ids: string[];
  score: number;
} {
  const evidence = analyzeUrl(normalizeUrl(raw)._unsafeUnwrap());
  const floor = evidence.reduce((m, e) => Math.max(m, e.floor ?? 0), 0);
  return {
    brand: evidence[0]?.signals["brand_impersonation"] as BrandImpersonation,
    evidence,
    ids: evidence.flatMap((e) => e.factors.map((f) => f.id)),
    score: combineScore(
      evidence.flatMap((e) => e.factors),
      floor,
    ),
  };
}
