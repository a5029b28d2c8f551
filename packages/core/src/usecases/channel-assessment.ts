// A channel's assessment from its evidence: offline analyzers (or a magic test verdict), then in live mode its
// sources and community reports, scored and explained; and the result fields every channel shares.

import type { Evidence, SignalSource } from "../ports/signal-source.js";
import type { Assessment, WeightedEvidence } from "../scoring/score.js";
import type { Factor, SourceStatus, Verdict } from "../schemas/common.js";
import type { Kernel } from "./kernel.js";
import { TEST_EPOCH, deterministicId } from "./test-mode.js";
import { assemble } from "./assemble.js";
import { COMMUNITY_WEIGHT, OFFLINE_WEIGHT, communityEvidence } from "../scoring/evidence-weights.js";
import { magicEvidence } from "./magic-evidence.js";
import { isoTimestamp } from "../policies/iso-time.js";

/** The result fields every channel shares. */
export interface CommonResultFields {
  readonly id: string;
  readonly risk_score: number;
  readonly verdict: Verdict;
  readonly confidence: number;
  readonly explanation: string;
  readonly factors: Factor[];
  readonly sources_checked: string[];
  readonly sources: SourceStatus[];
  readonly created_at: string;
  readonly test_mode: boolean;
}

export interface ChannelAssessmentInput<T> {
  readonly channel: string;
  readonly input: T;
  /** What the explanation names, e.g. the host or the national number. */
  readonly subject: string;
  /** Stable identity of the input (test-mode ids derive from it). */
  readonly identity: string;
  readonly offline: readonly Evidence[];
  readonly magic: Verdict | null;
  readonly sources: readonly SignalSource<T>[];
  /** Community reports counted against this value (kind: a reportable channel id), or none. */
  readonly report: { readonly kind: string; readonly value: string; readonly what: string } | null;
  /** A sub-lookup inside another channel's analysis: the model explains the whole, not each part. */
  readonly skipModel?: boolean;
  /**
   * The offline evidence read again once the sources have answered (live mode, no magic verdict): what a source
   * found can change what the offline analyzers should read (a link's destination, found by following it).
   */
  readonly revise?: (offline: readonly Evidence[], gathered: readonly Evidence[]) => readonly Evidence[];
}

/**
 * Offline evidence (and a magic test verdict), then in live mode the channel's sources and community reports,
 * scored and explained. Returns the common fields and the merged signals.
 */
export async function assessWith<T>(
  k: Kernel,
  mode: "live" | "test",
  a: ChannelAssessmentInput<T>,
): Promise<{ common: CommonResultFields; signals: Record<string, unknown> }> {
  // A magic test input stands alone: it must give its verdict whatever the analyzers think of the number or URL.
  const items: WeightedEvidence[] =
    a.magic !== null
      ? [{ evidence: magicEvidence(a.magic), weight: 1 }]
      : a.offline.map((evidence) => ({ evidence, weight: OFFLINE_WEIGHT }));
  if (mode === "live") {
    const report = a.report;
    // The sources run while the reports are counted; a channel without sources has nothing to wait for.
    const gathering = a.sources.length === 0 ? null : k.gather(a.sources, a.input);
    const reports = report === null ? null : await k.deps.reports.count(report.kind, report.value);
    if (gathering !== null) {
      const gathered = await gathering;
      if (a.revise !== undefined && a.magic === null) {
        const revised = a.revise(
          a.offline,
          gathered.map((g) => g.evidence),
        );
        items.splice(0, items.length, ...revised.map((evidence) => ({ evidence, weight: OFFLINE_WEIGHT })));
      }
      items.push(...gathered);
    }
    if (report !== null && reports !== null)
      items.push({ evidence: communityEvidence(reports, report.what), weight: COMMUNITY_WEIGHT });
  }
  // Test mode is deterministic, and a sub-lookup's explanation is not shown on its own: no model is asked.
  const { assessment, explanation } = await assemble(k, a.channel, a.subject, items, {
    skipModel: mode === "test" || a.skipModel === true,
  });
  return { signals: assessment.signals, common: commonFields(k, mode, a.identity, assessment, explanation) };
}

/** The fields every channel's result shares, from its scored assessment (test mode: a stable id and epoch). */
export function commonFields(
  k: Kernel,
  mode: "live" | "test",
  identity: string,
  assessment: Assessment,
  explanation: string,
): CommonResultFields {
  const test = mode === "test";
  return {
    id: test ? deterministicId(k.deps.hasher, identity) : k.deps.ids.uuid(),
    risk_score: assessment.riskScore,
    verdict: assessment.verdict,
    confidence: assessment.confidence,
    explanation,
    factors: assessment.factors,
    sources_checked: assessment.sourcesChecked,
    sources: assessment.sources,
    created_at: test ? TEST_EPOCH : isoTimestamp(k.now()),
    test_mode: test,
  };
}

/** The channel's signals object: every documented field, filled from the merged signals where present. */
export function pickSignals<T extends object>(empty: T, merged: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...(empty as Record<string, unknown>) };
  // The merged signals are few: each is looked for among the documented fields, which keep their order.
  for (const key in merged) {
    const v = merged[key];
    if (v !== undefined && Object.hasOwn(empty, key)) out[key] = v;
  }
  return out as T;
}
