// The offline URL analyzers run the way the engine runs them, read as the rules that fired (see ../rules.ts).
import { analyzeUrl } from "../../../src/analyzers/url/analyze-url.js";
import type { BrandImpersonation } from "../../../src/analyzers/url/brand-impersonation.js";
import { normalizeUrl } from "../../../src/analyzers/url/normalize-url.js";
import type { Factor } from "../../../src/schemas/common.js";
import type { Evidence } from "../../../src/ports/signal-source.js";
import { URL_MODEL_SOURCE } from "../../../src/models/model-evidence.js";

export { prior, riskRules } from "../rules.js";

export interface Analyzed {
  readonly brand: BrandImpersonation;
  readonly evidence: Evidence[];
  /** Every rule the analyzers' rules fired, in their order (the URL model's graded reading is not a rule firing). */
  readonly ids: string[];
  readonly factors: Factor[];
}

export function analyze(raw: string): Analyzed {
  const evidence = analyzeUrl(normalizeUrl(raw)._unsafeUnwrap()).filter((e) => e.source !== URL_MODEL_SOURCE);
  const factors = evidence.flatMap((e) => e.factors);
  return {
    brand: evidence[0]?.signals["brand_impersonation"] as BrandImpersonation,
    evidence,
    ids: factors.map((f) => f.id),
    factors,
  };
}
