// The reply to a forwarder: what it says is the composer's (the server wires the checker page's words, reasons and
// next steps); this default says the verdict and the engine's explanation in plain text.
import type { EmailAnalysisResult } from "@scamverify/core";

export interface ReplyInput {
  /** The email channel's answer about the original, or null when there was nothing to analyse. */
  readonly result: EmailAnalysisResult | null;
  readonly forwardedAs: "attachment" | "inline" | "none";
  /** The forwarder's subject line. */
  readonly subject: string;
  /** The forwarder's Content-Language or Accept-Language, when given. */
  readonly language: string | null;
  readonly forwarder: string;
}

export interface Reply {
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

export type ReplyComposer = (input: ReplyInput) => Reply;

export const defaultReply: ReplyComposer = ({ result, subject }) => {
  const re = subject === "" ? "your forwarded message" : subject.replace(/^(?:re|fwd?|rv|reenv)\s*:\s*/i, "");
  if (result === null) {
    return {
      subject: `scamverify: we could not read ${re}`,
      text: "We found no message to check in what you forwarded. Forward the suspicious mail as an attachment, or inline with its text.\n",
    };
  }
  return {
    subject: `scamverify: ${result.verdict.replace("_", " ")} — ${re}`,
    text: `${result.explanation}\n\nRisk ${result.risk_score}/100 (${result.verdict}).\n`,
  };
};
