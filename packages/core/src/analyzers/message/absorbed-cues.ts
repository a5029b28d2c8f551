// Cues that read the same phrase as another cue: which ones the stronger reading absorbs.

import { CUES, type CueId } from "./cue-table.js";
import { type CueHit } from "./cue-matcher.js";

/** Whether every phrase of `inner` shares words with a phrase of `outer`. */
export function overlapsOnly(inner: CueHit, outer: CueHit): boolean {
  return inner.spans.every(([start, end]) => outer.spans.some(([s, e]) => s < end && start < e));
}

/** Whether every phrase of `inner` lies within a phrase of `outer`. */
export function within(inner: CueHit, outer: CueHit): boolean {
  return inner.spans.every(([start, end]) => outer.spans.some(([s, e]) => s <= start && end <= e));
}

/**
 * Cues that read one phrase several ways: a request to act on an account (give details, update or verify it, do it
 * through a link), a suspension (a threat, and a story of a locked account), and gift cards (named, and their codes
 * or a debt paid in them).
 */
const READINGS_OF_ONE: readonly ReadonlySet<CueId>[] = [
  new Set(["link_action", "verify_action", "personal_info_request", "password_request"]),
  new Set(["threat", "account_locked"]),
  new Set(["gift_card", "gift_card_payment"]),
];

/**
 * The generic reading of an ask ("... <url>": act through a link), which yields to any reading that says what is
 * asked: "verify your account <url>" is a request to verify an account, told through a link. Ranked by points alone,
 * the link reading (25) absorbed the request to verify (20), and the fitted weights read "click here" in operators'
 * adverts into the link reading, so the request itself went unweighed.
 */
const GENERIC_READINGS: ReadonlySet<CueId> = new Set(["link_action"]);

/** A cue's rank among the readings of one phrase: a reading that says what is asked first, then by points. */
const rank = (id: CueId): number => (GENERIC_READINGS.has(id) ? -1 : CUES[id].points);

/**
 * Cues whose every phrase lies within the phrase of a stronger cue of the same kind: "update your payment info at
 * <url>" reads as a request for details, a request to update an account and a request to act through a link at once,
 * "your service will be suspended" as a threat and a locked account, yet each is one thing said once, so it counts
 * once, at its strongest reading (see GENERIC_READINGS). The absorbed cues still complete combinations.
 */
export function absorbedCues(hits: readonly CueHit[]): Set<CueId> {
  const out = new Set<CueId>();
  for (const kind of READINGS_OF_ONE) {
    const kept: (readonly [number, number])[] = [];
    const ranked = hits.filter((h) => kind.has(h.id)).sort((a, b) => rank(b.id) - rank(a.id));
    for (const h of ranked) {
      const within = h.spans.every(([start, end]) => kept.some(([s, e]) => start < e && s < end));
      if (within && kept.length > 0) out.add(h.id);
      else kept.push(...h.spans);
    }
  }
  return out;
}
