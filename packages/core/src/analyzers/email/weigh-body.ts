// What an email's body says, read in the light of how the message was sent. The message analyzer reads a body as it
// reads a text message; mail adds two things it cannot see, and each makes a finding a rule of its own, weighed by
// the corpora apart from the same finding in a personal message:
// - Bulk and list mail (list headers, a mailing service's headers, a newsletter's address): a newsletter or a
//   discussion list mentions fines, the police, prizes and payments without asking its reader for anything, so the
//   body's scam-language cues there are "<cue>_in_bulk" (prior: half the cue's).
// - Who the sender says it is: an organisation named in the subject or body by a sender that names itself otherwise
//   (a person, a publisher, a list) is being written about, not impersonated, so its links elsewhere are
//   "<finding>_mentioned" (prior: a quarter).
// What the headers, links and attachments show is never renamed here.

import type { Evidence } from "../../ports/signal-source.js";
import { CLAIMED_ISSUER_SOURCE } from "../message/claimed-issuer.js";
import { CONTENT_SOURCE, OWN_CHANNEL_SUFFIX } from "../message/analyze-message.js";

export interface BodyWeighing {
  /** The message is bulk or list mail. */
  readonly bulk: boolean;
  /** false when the sender names itself otherwise than as the organisation the body names. */
  readonly speaksForIssuer: boolean;
  /** The sender's display name, for the label of a discounted claim. */
  readonly senderName: string;
}

const BULK_SHARE = 0.5;
const MENTION_SHARE = 0.25;

/** One piece of the message analyzer's evidence, read for mail; other sources pass unchanged. */
export function weighBodyEvidence(evidence: Evidence, w: BodyWeighing): Evidence {
  if (evidence.source === CONTENT_SOURCE && w.bulk) {
    return {
      ...evidence,
      factors: evidence.factors.map((f) =>
        // A cue asked through the sender's own channels is already weighed apart, below half.
        f.points > 0 && !f.id.endsWith(OWN_CHANNEL_SUFFIX)
          ? { ...f, id: `${f.id}_in_bulk`, points: Math.round(f.points * BULK_SHARE) }
          : f,
      ),
    };
  }
  if (evidence.source === CLAIMED_ISSUER_SOURCE && !w.speaksForIssuer) {
    const who = w.senderName !== "" ? `"${w.senderName.slice(0, 60)}"` : "someone else";
    return {
      ...evidence,
      factors: evidence.factors.map((f) =>
        f.points > 0
          ? {
              ...f,
              id: `${f.id}_mentioned`,
              points: Math.round(f.points * MENTION_SHARE),
              label: `${f.label} (the sender writes as ${who}, so the text may only mention it)`,
            }
          : f,
      ),
    };
  }
  return evidence;
}
