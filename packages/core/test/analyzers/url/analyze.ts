// The offline URL analyzers run the way the engine runs them, read as the rules that fired (see ../rules.ts).
import { analyzeUrl } from "../../../src/analyzers/url/analyze-url.js";
import type { BrandImpersonation } from "../../../src/analyzers/url/brand-impersonation.js";
import { normalizeUrl } from "../../../src/analyzers/url/normalize-url.js";
import type { Factor } from "../../../src/schemas/common.js";
import type { Evidence } from "../../../src/ports/signal-source.js";

export { prior, riskRules } from "../rules.js";

export interface Analyzed {
  readonly brand: BrandImpersonation;
  readonly evidence: Evidence[];
  /** Every rule that fired, in the analyzers' order. */
  readonly ids: string[];
  readonly factors: Factor[];
}

export function analyze(raw: string): Analyzed {
  const evidence = analyzeUrl(normalizeUrl(raw)._unsafeUnwrap());
  const factors = evidence.flatMap((e) => e.factors);
  return {
    brand: evidence[0]?.signals["brand_impersonation"] as BrandImpersonation,
    evidence,
    ids: factors.map((f) => f.id),
    factors,
  };
}
