// Detection figures per source: recall of scams at medium_risk+ (40) and high_risk+ (65), false positives at
// medium_risk+ and high_risk+, for the fitted engine beside the hand-weighted one, on the held-out part (the figure of record:
// sources and dates that took no part in fitting) and on the training part.

import type { CorpusChannel, CorpusItem } from "../corpora/load.js";

export const MEDIUM = 40;
export const HIGH = 65;
export const SCAM = 85;

export interface ScoredRow {
  readonly item: CorpusItem;
  readonly heldOut: boolean;
  /** null: the channel refused the item (counted as not flagged). */
  readonly hand: number | null;
  readonly fitted: number | null;
}

export interface SourceFigures {
  readonly source: string;
  readonly part: "held-out" | "training";
  readonly scams: number;
  readonly legit: number;
  readonly hand: Rates;
  readonly fitted: Rates;
}

export interface Rates {
  readonly recallMedium: number;
  readonly recallHigh: number;
  readonly falsePositives: number;
  /** Legitimate items at high_risk+: what the calibration target (precision at high_risk+) rests on. */
  readonly falsePositivesHigh: number;
  /** Scams and legitimate items at the scam verdict (85+): what the calibration target at scam rests on. */
  readonly recallScam: number;
  readonly falsePositivesScam: number;
}

const at = (s: number | null, t: number): boolean => s !== null && s >= t;

export function rates(rows: readonly ScoredRow[], which: "hand" | "fitted"): Rates {
  const scams = rows.filter((r) => r.item.label === "scam");
  const legit = rows.filter((r) => r.item.label === "legit");
  const share = (xs: readonly ScoredRow[], t: number): number =>
    xs.length === 0 ? Number.NaN : xs.filter((r) => at(r[which], t)).length / xs.length;
  return {
    recallMedium: share(scams, MEDIUM),
    recallHigh: share(scams, HIGH),
    falsePositives: share(legit, MEDIUM),
    falsePositivesHigh: share(legit, HIGH),
    recallScam: share(scams, SCAM),
    falsePositivesScam: share(legit, SCAM),
  };
}

/** One line per source and part ("<source> (hard)" splits the hard legitimate items of a source out). */
export function figuresBySource(rows: readonly ScoredRow[]): SourceFigures[] {
  const groups = new Map<string, ScoredRow[]>();
  for (const r of rows) {
    const part = r.heldOut ? "held-out" : "training";
    const name = r.item.label === "legit" && r.item.kind === "hard" ? `${r.item.source} (hard)` : r.item.source;
    const key = `${part}\t${name}`;
    const g = groups.get(key) ?? [];
    g.push(r);
    groups.set(key, g);
  }
  return [...groups.entries()]
    .map(([key, g]) => {
      const [part, source] = key.split("\t") as ["held-out" | "training", string];
      return {
        source,
        part,
        scams: g.filter((r) => r.item.label === "scam").length,
        legit: g.filter((r) => r.item.label === "legit").length,
        hand: rates(g, "hand"),
        fitted: rates(g, "fitted"),
      };
    })
    .sort((a, b) => (a.part === b.part ? a.source.localeCompare(b.source) : a.part === "held-out" ? -1 : 1));
}

/** Precision at a threshold over the pooled rows (a calibration check: what share of flagged items are scams). */
export function precisionAt(rows: readonly ScoredRow[], t: number, which: "hand" | "fitted"): number {
  const flagged = rows.filter((r) => at(r[which], t));
  return flagged.length === 0 ? Number.NaN : flagged.filter((r) => r.item.label === "scam").length / flagged.length;
}

const p = (x: number): string => (Number.isNaN(x) ? "     -" : `${(100 * x).toFixed(1)}%`.padStart(6));
const fp = (r: Rates): string => `${p(r.falsePositives)} / ${p(r.falsePositivesHigh)}`;

export function printFigures(channel: CorpusChannel, figures: readonly SourceFigures[]): void {
  console.log(
    `\n${channel}: per source — recall medium+ / high+ (scam sources), false positives medium+ / high+ (legitimate); hand -> fitted`,
  );
  for (const f of figures) {
    const what =
      f.scams > 0 && f.legit === 0
        ? `recall ${p(f.hand.recallMedium)} / ${p(f.hand.recallHigh)} -> ${p(f.fitted.recallMedium)} / ${p(f.fitted.recallHigh)}`
        : f.legit > 0 && f.scams === 0
          ? `false positives ${fp(f.hand)} -> ${fp(f.fitted)}`
          : `recall ${p(f.hand.recallMedium)} / ${p(f.hand.recallHigh)} -> ${p(f.fitted.recallMedium)} / ${p(f.fitted.recallHigh)}; false positives ${fp(f.hand)} -> ${fp(f.fitted)}`;
    console.log(
      `  ${f.part.padEnd(8)} ${f.source.padEnd(40)} ${String(f.scams).padStart(6)} scam ${String(f.legit).padStart(6)} legit  ${what}`,
    );
  }
}
