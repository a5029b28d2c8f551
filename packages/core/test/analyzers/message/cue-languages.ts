// What the cue tables of one language read: the rules a text fires, the cues it warns against, its language. Shared
// by the tests of the French, German, Portuguese, Italian, Indonesian and Dutch tables; the texts are written for the
// tests.
import { expect } from "vitest";
import { analyzeMessage, type AnalyzeMessageOptions } from "../../../src/analyzers/message/analyze-message.js";
import { CUES, type CueId } from "../../../src/analyzers/message/cue-table.js";
import { createOrganisationDirectory } from "../../../src/analyzers/organisations/organisation-directory.js";

const options: AnalyzeMessageOptions = { directory: createOrganisationDirectory([]), kind: "text" };

/** The rules that fire on a text, as the message analyzer reports them. */
export function ruleIds(text: string): string[] {
  return analyzeMessage(text, options)
    .evidence.flatMap((e) => e.factors)
    .map((f) => f.id);
}

/** The language the analyzer reports for a text. */
export function languageOf(text: string): string {
  return analyzeMessage(text, options).language;
}

/**
 * Cues that tell a scam or press for one: every cue but the signs of an ordinary notice (a code given, a warning not
 * to share it, an opt-out) and context (a charge, a reference number), under any of the names the analyzer gives
 * them (`<cue>_own_channel`, `<cue>_in_receipt`).
 */
const SCAM_CUES: ReadonlySet<string> = new Set(
  (Object.keys(CUES) as CueId[]).filter((id) => CUES[id].role !== "legit" && CUES[id].role !== "context"),
);

/** The scam cues that fire on a text. */
export function scamCues(text: string): string[] {
  return ruleIds(text).filter((id) => SCAM_CUES.has(id.replace(/_(?:own_channel|in_receipt)$/, "")));
}

/** A cue and the texts of one language on which it fires. */
export interface CueCase {
  readonly rule: string;
  readonly fires: readonly string[];
}

/** Every text of every case fires its rule (the texts that do not are listed together). */
export function expectFires(cases: readonly CueCase[]): void {
  const missed = cases.flatMap(({ rule, fires }) =>
    fires.filter((text) => !ruleIds(text).includes(rule)).map((text) => `${rule}: ${text}`),
  );
  expect(missed).toEqual([]);
}

/** No text fires a scam cue (the ones that do are listed with their cues). */
export function expectNoScamCues(texts: readonly string[]): void {
  const fired = texts.flatMap((text) => {
    const cues = scamCues(text);
    return cues.length === 0 ? [] : [`${cues.join(", ")}: ${text}`];
  });
  expect(fired).toEqual([]);
}
