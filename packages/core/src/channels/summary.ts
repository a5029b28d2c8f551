// The compact, readable line a face shows first (MCP text content, CLI table's neighbour): the verdict, the score,
// the confidence and the main findings, never the whole JSON.
interface Assessed {
  readonly risk_score: number;
  readonly verdict: string;
  readonly confidence: number;
  readonly cached?: boolean;
  readonly factors: readonly { readonly label: string; readonly points: number }[];
}

/** "paypa1.com: high_risk (risk 83/100, confidence 0.53). Findings: ...". */
export function summarizeAssessment(subject: string, v: Assessed, findings = 3): string {
  const cached = v.cached === true ? ", cached" : "";
  const top = v.factors
    .filter((f) => f.points !== 0)
    .slice(0, findings)
    .map((f) => `${f.label} (${f.points > 0 ? "+" : ""}${f.points})`);
  const head = `${subject}: ${v.verdict} (risk ${v.risk_score}/100, confidence ${v.confidence}${cached}).`;
  return top.length > 0 ? `${head} Findings: ${top.join("; ")}.` : head;
}
