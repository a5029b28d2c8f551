// Sub-lookups: the URL and phone channels' own assessment of a link or number found inside a message, email,
// document or QR code, through one function, without charging quota (the caller's channel is what is charged).
import type { Factor, Verdict } from "../schemas/common.js";
import type { AssessContext } from "./define-channel.js";
import { assessPhone, parsePhone } from "./phone/phone-channel.js";
import { assessUrl, parseUrl } from "./url/url-channel.js";
import { destinationOf } from "../analyzers/url/analyze-url.js";

export interface SubLookup {
  readonly kind: "url" | "phone";
  /** The normalized URL or E.164 number. */
  readonly value: string;
  readonly risk_score: number;
  readonly verdict: Verdict;
  readonly confidence: number;
  /** Its main findings, largest first (at most three). */
  readonly factors: Factor[];
  /** A link's destination on another site, where the network followed it there (its verdict is the destination's). */
  readonly leadsTo?: string;
}

/** The assessment of one extracted URL or number; null when it does not parse as one. */
export async function subLookup(ctx: AssessContext, kind: "url" | "phone", raw: string): Promise<SubLookup | null> {
  if (kind === "url") {
    const url = parseUrl(raw, "url");
    if (url.isErr()) return null;
    const r = await assessUrl(ctx.kernel, url.value, ctx.mode, { subLookup: true });
    const final = r.signals.final_url;
    const leadsTo = final === null ? null : (destinationOf(url.value, final)?.href ?? null);
    return {
      kind,
      value: r.url,
      risk_score: r.risk_score,
      verdict: r.verdict,
      confidence: r.confidence,
      factors: r.factors.slice(0, 3),
      ...(leadsTo === null ? {} : { leadsTo }),
    };
  }
  const phone = parsePhone(raw, "phone");
  if (phone.isErr()) return null;
  const r = await assessPhone(ctx.kernel, phone.value, ctx.mode, { subLookup: true });
  return {
    kind,
    value: r.phone_number,
    risk_score: r.risk_score,
    verdict: r.verdict,
    confidence: r.confidence,
    factors: r.factors.slice(0, 3),
  };
}

/** Sub-lookups of many entities in parallel, duplicates once; entities that do not parse are left out. */
export async function subLookups(
  ctx: AssessContext,
  urls: readonly string[],
  phones: readonly string[],
): Promise<SubLookup[]> {
  const all = await Promise.all([
    ...[...new Set(urls)].map((u) => subLookup(ctx, "url", u)),
    ...[...new Set(phones)].map((n) => subLookup(ctx, "phone", n)),
  ]);
  const seen = new Set<string>();
  return all.filter((s): s is SubLookup => {
    if (s === null || seen.has(`${s.kind}:${s.value}`)) return false;
    seen.add(`${s.kind}:${s.value}`);
    return true;
  });
}

/** The schema of a sub-lookup as results carry it. */
export { SubLookupSchema } from "../schemas/sub-lookup.js";
