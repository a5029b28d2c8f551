// Detection quality of the message analyzer on labelled text messages (SMS and chat, English and Spanish), scored
// the way the engine's offline path scores a text: the analyzer's evidence over the organisation directory the text
// channel uses, offline sub-lookups of every link and number (analyzeUrl / analyzePhoneNumber scored at
// OFFLINE_WEIGHT) and the prompt-injection check, through the engine's own assess().
// Run: node --conditions=source --import tsx eval/text-eval.ts [--tuning-only] [--show-tuning-errors]
// The held-out half (fixed by a hash of the message) is reported but never inspected case by case.

import { fileURLToPath } from "node:url";
import { OFFLINE_WEIGHT, assess, detectPromptInjection } from "../packages/core/src/index.js";
import {
  assessMessageOffline,
  extractEntities,
  finalScamType,
  offlineSubLookups,
  type ScamTypeOrNone,
} from "../packages/core/src/analyzers/message/index.js";
import { loadMessages, type LabelledMessage } from "./text/dataset.js";
import { defaultDirectory } from "../packages/core/src/channels/text/text-channel.js";

export interface ScoredMessage extends LabelledMessage {
  readonly score: number;
  readonly predictedType: ScamTypeOrNone;
  readonly why: string;
}

export function scoreMessage(m: LabelledMessage): ScoredMessage {
  const subs = offlineSubLookups(extractEntities(m.text));
  const { analysis, items } = assessMessageOffline(
    m.text,
    {
      directory: defaultDirectory(),
      kind: "text",
      ...(m.senderNumber !== null ? { senderNumber: m.senderNumber } : {}),
    },
    subs,
  );
  const a = assess([...items, { evidence: detectPromptInjection(m.text), weight: OFFLINE_WEIGHT }], {
    channel: "text",
  });
  return {
    ...m,
    score: a.riskScore,
    predictedType: finalScamType(analysis, a.riskScore),
    why: a.factors.map((f) => `${f.id}:${f.points}`).join(" "),
  };
}

export interface Rates {
  readonly scams: number;
  readonly legit: number;
  readonly hardLegit: number;
  /** Share of scams at medium_risk or above (score >= 40). */
  readonly recallMedium: number;
  /** Share of scams at high_risk or above (score >= 65). */
  readonly recallHigh: number;
  /** Share of legitimate messages at medium_risk or above. */
  readonly falsePositives: number;
  readonly hardFalsePositives: number;
  /** Share of scams at medium_risk+ whose scam type was named right. */
  readonly typeAccuracy: number;
}

const ratio = (n: number, d: number): number => (d === 0 ? 0 : n / d);

export function rates(rows: readonly ScoredMessage[]): Rates {
  const scams = rows.filter((r) => r.scamType !== null);
  const legit = rows.filter((r) => r.scamType === null);
  const hard = legit.filter((r) => r.legitKind !== "plain");
  const caught = scams.filter((r) => r.score >= 40);
  return {
    scams: scams.length,
    legit: legit.length,
    hardLegit: hard.length,
    recallMedium: ratio(caught.length, scams.length),
    recallHigh: ratio(scams.filter((r) => r.score >= 65).length, scams.length),
    falsePositives: ratio(legit.filter((r) => r.score >= 40).length, legit.length),
    hardFalsePositives: ratio(hard.filter((r) => r.score >= 40).length, hard.length),
    typeAccuracy: ratio(caught.filter((r) => r.predictedType === r.scamType).length, caught.length),
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(1).padStart(5)}%`;

function report(title: string, rows: readonly ScoredMessage[]): void {
  const r = rates(rows);
  console.log(`\n== ${title}: ${r.scams} scams, ${r.legit} legitimate (${r.hardLegit} hard)`);
  console.log(
    `recall medium_risk+ ${pct(r.recallMedium)}   recall high_risk+ ${pct(r.recallHigh)}   ` +
      `false positives medium_risk+ ${pct(r.falsePositives)} (hard ones ${pct(r.hardFalsePositives)})   ` +
      `scam type right ${pct(r.typeAccuracy)}`,
  );
  console.log("scam type                  n   medium+    high+   type right");
  const types = [...new Set(rows.flatMap((x) => (x.scamType === null ? [] : [x.scamType])))].sort();
  for (const t of types) {
    const of = rows.filter((x) => x.scamType === t);
    const caught = of.filter((x) => x.score >= 40);
    console.log(
      `${t.padEnd(25)} ${String(of.length).padStart(3)}  ${pct(ratio(caught.length, of.length))}  ` +
        `${pct(ratio(of.filter((x) => x.score >= 65).length, of.length))}  ${pct(ratio(caught.filter((x) => x.predictedType === t).length, caught.length))}`,
    );
  }
  console.log("legitimate kind            n   false positives medium+");
  const kinds = [...new Set(rows.flatMap((x) => (x.legitKind === null ? [] : [x.legitKind])))].sort();
  for (const k of kinds) {
    const of = rows.filter((x) => x.legitKind === k);
    console.log(
      `${k.padEnd(25)} ${String(of.length).padStart(3)}  ${pct(ratio(of.filter((x) => x.score >= 40).length, of.length))}`,
    );
  }
  for (const lang of ["en", "es"]) {
    const lr = rates(rows.filter((x) => x.language === lang));
    console.log(
      `language ${lang}: ${lr.scams} scams, ${lr.legit} legitimate; recall medium+ ${pct(lr.recallMedium)}, ` +
        `high+ ${pct(lr.recallHigh)}; false positives ${pct(lr.falsePositives)}`,
    );
  }
}

export function scoreAll(): { tuning: ScoredMessage[]; heldOut: ScoredMessage[] } {
  const scored = loadMessages().map(scoreMessage);
  return { tuning: scored.filter((s) => !s.heldOut), heldOut: scored.filter((s) => s.heldOut) };
}

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const { tuning, heldOut } = scoreAll();
  console.log("\n#### TEXT MESSAGES (offline analyzers and offline sub-lookups)");
  if (!argv.includes("--tuning-only")) report("held-out half", heldOut);
  report("tuning half", tuning);
  if (argv.includes("--show-tuning-errors")) {
    console.log("\n-- tuning half: legitimate messages scored >= 40, and any scored >= 30");
    for (const s of tuning.filter((r) => r.scamType === null && r.score >= 30))
      console.log(s.score, s.legitKind, JSON.stringify(s.text), s.why);
    console.log("\n-- tuning half: scams scored < 65");
    for (const s of tuning.filter((r) => r.scamType !== null && r.score < 65))
      console.log(s.score, s.scamType, s.predictedType, JSON.stringify(s.text), s.why);
    console.log("\n-- tuning half: scam type named wrong");
    for (const s of tuning.filter((r) => r.scamType !== null && r.score >= 40 && r.predictedType !== r.scamType))
      console.log(s.scamType, "->", s.predictedType, JSON.stringify(s.text.slice(0, 90)));
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await main();
