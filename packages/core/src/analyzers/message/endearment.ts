// Affection in a text ("my dear", "beloved", "sweetheart", "querida") is how a romance scam speaks, and how family,
// friends and a congregation write to each other every day. What tells the scam is not the endearment but what
// comes with it: the story of a lonely, widowed or deployed stranger, a move to another app, a stranger introducing
// themselves, or money. Read on the cue text (lower case, contacts replaced).

import type { CueId } from "./cue-table.js";
import { LURE_ASKS } from "./message-cue-groups.js";

/** A romance cue that tells the stranger's story rather than an endearment: lonely, widowed, deployed, in love. */
const ROMANCE_STORY =
  /(?:lonely|single|widow|divorced|soldier|army|military|deploy|peacekeeping|oil rig|offshore|un mission|in love|for you|soul ?mate|soldado|militar|desplegad|mision de paz|plataforma petrolera|enamor|alma gemela)/;

/** "Army" as a soldier's, not as the colour ("army green"): the cue tables hold no lookarounds, so it is read here. */
const SOLDIERS_ARMY = /(?<![a-z])army(?! green)/;

/**
 * A stranger introducing themselves or saying where they found the reader; an adult chat line's come-on, or a paid
 * service's price per message or period ("150p", "£1.50 to rcv", "N50/week", "Cost: N100").
 */
const STRANGER_INTRODUCTION =
  /(?:sexy|horny|naughty|nasty|filthy|fantasy|\d+p(?:pm)?\b|£ ?\d|(?:n|₦|\$|rs\.?) ?\d+(?:[.,]\d+)? ?\/ ?\d* ?(?:day|week|wk|month|msg|sms)|(?<![a-z])cost:? (?:n|₦|\$|rs)?\d|(?:i am|i'm|my name is|this is) [a-z]+,? (?:from|a|an|and i)\b|(?:saw|found|came across|got) your (?:profile|picture|photo|pic|number|contact)|(?:me llamo|soy) [a-z]+,? (?:de|un|una)\b)/;

/** Cues that bring a stranger or an ask into a text: a wrong number, a new friendship, another app, an investment. */
const STRANGER_CUES: readonly CueId[] = [
  "wrong_number",
  "befriend",
  "new_number",
  "investment",
  "premium_billing",
  ...LURE_ASKS,
];

/**
 * Whether the romance cue's spans are endearments only, in a text that brings no stranger and asks for nothing: an
 * ordinary message between people who know each other. `serviceAsk`: the text asks to text a keyword to a number
 * ("Text BABE to 88600"), as a paid service does and no friend.
 */
export function endearmentOnly(
  spans: readonly string[],
  prepared: string,
  has: (id: CueId) => boolean,
  serviceAsk: boolean,
): boolean {
  return (
    spans.length > 0 &&
    !serviceAsk &&
    spans.every((s) => !ROMANCE_STORY.test(s) || (s === "army" && !SOLDIERS_ARMY.test(prepared))) &&
    !STRANGER_INTRODUCTION.test(prepared) &&
    !STRANGER_CUES.some(has)
  );
}
