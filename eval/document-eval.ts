// Detection and OCR quality of the document channel on the generated set in eval/documents/set (scam and
// legitimate letters, notices and bills; each as a text PDF, a clean screenshot and a photographed JPEG).
// Run: node --conditions=source --import tsx eval/document-eval.ts [--variants=pdf,png,photo] [--show-tuning-errors]
//   [--tuning-only]; through `pnpm eval document` the real letters of eval/corpora/document follow (--real-only: them
//   alone; --show-real: every one with its factors, not only the misread ones).
// The held-out half (whole held-out templates and the even-numbered variants of the others, see the README) is
// reported but never inspected case by case; --tuning-only neither reads nor reports it, for tuning rounds.
// `main(argv, scorer)` takes the scoring function, so the full channel (message analyzer, official-channel check)
// can be measured on the same documents once it exists; the default scorer is the document rules alone.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { analyzeDocumentText, type DocumentAnalysis } from "../packages/core/src/analyzers/document/index.js";
import type { DocumentKind, DocumentText } from "../packages/core/src/ports/document-reader.js";
import { createDocumentReader } from "../packages/providers/src/document/create-document-reader.js";
import { parseQrPayload, urlsOf } from "../packages/core/src/analyzers/qr/index.js";
import { createZxingQrDecoder } from "../packages/providers/src/qr/zxing-qr-decoder.js";
import type { ManifestEntry } from "./documents/generate-documents.js";
import { loadCorpus } from "./corpora/load.js";
import type { Assessment } from "../packages/core/src/index.js";

const SET = join(dirname(fileURLToPath(import.meta.url)), "documents", "set");
const THRESHOLDS = [40, 65] as const;
type Variant = "pdf" | "png" | "photo";
const KIND: Readonly<Record<Variant, DocumentKind>> = { pdf: "pdf", png: "png", photo: "jpeg" };

export interface ScoredDocument {
  readonly entry: ManifestEntry;
  readonly variant: Variant;
  readonly document: DocumentText;
  readonly analysis: DocumentAnalysis;
  /** Payloads of the QR codes printed on an image form (the channel reads them on images, not on PDFs). */
  readonly qrPayloads: readonly string[];
}

/** Risk 0-100 of one read document. */
export type DocumentScorer = (doc: ScoredDocument) => number | Promise<number>;

/** A letter given as its text, through the channel's scoring: its score and the factors that made it. */
export type LetterAssessor = (text: string) => Assessment;

/** The document rules alone: the sum of the cues' points, within 0..100. */
export const documentRulesScorer: DocumentScorer = ({ analysis }) =>
  Math.max(
    0,
    Math.min(
      100,
      analysis.cues.reduce((s, c) => s + c.points, 0),
    ),
  );

const digitsOf = (s: string): string => s.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
const bareUrl = (s: string): string =>
  s
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/$/, "");

function loadManifest(): ManifestEntry[] {
  return JSON.parse(readFileSync(join(SET, "manifest.json"), "utf8")) as ManifestEntry[];
}

function pct(n: number, d: number): string {
  return d === 0 ? "n/a" : `${((100 * n) / d).toFixed(1)}%`;
}

export async function main(
  argv: readonly string[] = [],
  scorer: DocumentScorer = documentRulesScorer,
  letters?: LetterAssessor,
): Promise<void> {
  if (!argv.includes("--real-only")) await generatedSet(argv, scorer);
  if (letters !== undefined) realLetters(letters, argv.includes("--show-real"));
}

/**
 * The real letters and notices of eval/corpora/document (public texts, placeholders filled; see its sources.json),
 * read as a PDF's text layer: per source, how many reach medium and high risk, and for each genuine letter at
 * medium risk or above (each scam letter below it), its score and the factors that moved it most.
 */
function realLetters(assessLetter: LetterAssessor, showAll: boolean): void {
  const items = loadCorpus("document");
  if (items.length === 0) return;
  const rows = items.map((item) => ({ item, assessment: assessLetter(item.text) }));
  console.log(`\nReal letters and notices (eval/corpora/document, ${items.length}; text as a PDF's text layer):`);
  console.log("source | label | items | medium_risk+ | high_risk+ | mean score");
  for (const source of [...new Set(items.map((i) => i.source))]) {
    for (const label of ["scam", "legit"] as const) {
      const r = rows.filter((x) => x.item.source === source && x.item.label === label);
      if (r.length === 0) continue;
      const at = (t: number): number => r.filter((x) => x.assessment.riskScore >= t).length;
      const mean = r.reduce((s, x) => s + x.assessment.riskScore, 0) / r.length;
      console.log(
        `${source} | ${label} | ${r.length} | ${at(THRESHOLDS[0])} (${pct(at(THRESHOLDS[0]), r.length)}) | ${at(THRESHOLDS[1])} (${pct(at(THRESHOLDS[1]), r.length)}) | ${mean.toFixed(1)}`,
      );
    }
  }
  for (const { item, assessment } of rows) {
    const wrong = (item.label === "scam") !== assessment.riskScore >= THRESHOLDS[0];
    if (!wrong && !showAll) continue;
    const first = item.text.split("\n").find((l) => l.trim() !== "") ?? "";
    const top = assessment.factors
      .filter((f) => f.points !== 0)
      .slice(0, 6)
      .map((f) => `${f.source}/${f.id} ${f.points > 0 ? "+" : ""}${f.points}`);
    console.log(`-- ${item.label} ${assessment.riskScore} ${item.source}: ${first.slice(0, 60)}`);
    console.log(`   ${top.join(", ")}`);
  }
}

async function generatedSet(argv: readonly string[], scorer: DocumentScorer): Promise<void> {
  const variants = (argv
    .find((a) => a.startsWith("--variants="))
    ?.slice(11)
    .split(",") ?? ["pdf", "png", "photo"]) as Variant[];
  const showTuning = argv.includes("--show-tuning-errors");
  const tuningOnly = argv.includes("--tuning-only");
  const manifest = loadManifest().filter((e) => !tuningOnly || e.split === "tuning");
  const qr = createZxingQrDecoder();
  const reader = createDocumentReader({ qrDecoder: qr });
  const rows: {
    entry: ManifestEntry;
    variant: Variant;
    score: number;
    phonesOk: number;
    urlsOk: number;
    ms: number;
    conf?: number;
  }[] = [];
  try {
    for (const entry of manifest) {
      for (const variant of variants) {
        const file = entry.files[variant];
        const started = performance.now();
        const read = await reader.read(new Uint8Array(readFileSync(join(SET, file))), KIND[variant], {
          signal: new AbortController().signal,
        });
        const ms = performance.now() - started;
        if (read.isErr()) {
          console.log(`read failed: ${file}: ${read.error.code} ${read.error.message}`);
          continue;
        }
        const bytes = new Uint8Array(readFileSync(join(SET, file)));
        // As the channel does: the reader reads a PDF's codes from its drawn pages, the QR decoder an image's.
        const codes = variant === "pdf" ? null : await qr.decode(bytes);
        const qrPayloads =
          codes === null ? [...(read.value.qr_codes ?? [])] : codes.ok ? codes.value.map((c) => c.text) : [];
        // As the channel does: a QR code's link counts as a link printed on the document.
        const qrUrls = qrPayloads.flatMap((p) => urlsOf(parseQrPayload(p)));
        const analysis = analyzeDocumentText(
          qrUrls.length === 0 ? read.value : { ...read.value, links: [...read.value.links, ...qrUrls] },
        );
        const score = await scorer({ entry, variant, document: read.value, analysis, qrPayloads });
        const found = new Set(analysis.entities.phones.map((p) => digitsOf(p.e164 ?? p.raw)));
        const phonesOk = entry.phones.filter((p) => found.has(digitsOf(p))).length;
        // Recovery is scored on what was read from the page, without the QR codes' links.
        const printed = qrUrls.length === 0 ? analysis : analyzeDocumentText(read.value);
        const urls = new Set(printed.entities.urls.map((u) => bareUrl(u.raw)));
        const urlsOk = entry.urls.filter((u) => urls.has(bareUrl(u))).length;
        const conf = read.value.pages[0]?.ocr_confidence;
        rows.push(
          conf === undefined
            ? { entry, variant, score, phonesOk, urlsOk, ms }
            : { entry, variant, score, phonesOk, urlsOk, ms, conf },
        );
        if (showTuning && entry.split === "tuning") {
          const wrong = (entry.label === "scam") !== score >= THRESHOLDS[0];
          const missed = phonesOk < entry.phones.length || urlsOk < entry.urls.length;
          if (wrong || missed) {
            console.log(
              `-- ${entry.id} ${variant} score ${score} phones ${phonesOk}/${entry.phones.length} urls ${urlsOk}/${entry.urls.length}`,
            );
            console.log(`   cues: ${analysis.cues.map((c) => c.id).join(", ")}`);
            console.log(
              `   urls: ${analysis.entities.urls.map((u) => u.raw).join(" | ")} phones: ${analysis.entities.phones.map((p) => p.raw).join(" | ")}`,
            );
          }
        }
      }
    }
  } finally {
    await reader.close();
  }

  console.log(`\nDocument evaluation: ${manifest.length} documents x ${variants.join("/")}`);
  console.log("\nOCR and extraction quality (exact recovery of the printed phone numbers and links):");
  console.log("variant | phones | links | mean OCR confidence | p50 read ms");
  for (const v of variants) {
    const r = rows.filter((x) => x.variant === v);
    const phones = r.reduce((s, x) => s + x.phonesOk, 0);
    const phoneTotal = r.reduce((s, x) => s + x.entry.phones.length, 0);
    const urls = r.reduce((s, x) => s + x.urlsOk, 0);
    const urlTotal = r.reduce((s, x) => s + x.entry.urls.length, 0);
    const confs = r.flatMap((x) => (x.conf === undefined ? [] : [x.conf]));
    const ms = r.map((x) => x.ms).sort((a, b) => a - b);
    const conf = confs.length ? (confs.reduce((a, b) => a + b, 0) / confs.length).toFixed(3) : "n/a";
    console.log(
      `${v} | ${phones}/${phoneTotal} (${pct(phones, phoneTotal)}) | ${urls}/${urlTotal} (${pct(urls, urlTotal)}) | ${conf} | ${Math.round(ms[Math.floor(ms.length / 2)] ?? 0)}`,
    );
  }
  console.log("\nDetection (score >= threshold means flagged):");
  console.log("split | variant | threshold | scams flagged | legit flagged");
  const splits = tuningOnly ? (["tuning"] as const) : (["tuning", "held_out"] as const);
  for (const split of splits) {
    for (const v of variants) {
      const r = rows.filter((x) => x.entry.split === split && x.variant === v);
      const scams = r.filter((x) => x.entry.label === "scam");
      const legit = r.filter((x) => x.entry.label === "legit");
      for (const t of THRESHOLDS) {
        const tp = scams.filter((x) => x.score >= t).length;
        const fp = legit.filter((x) => x.score >= t).length;
        console.log(
          `${split} | ${v} | ${t} | ${tp}/${scams.length} (${pct(tp, scams.length)}) | ${fp}/${legit.length} (${pct(fp, legit.length)})`,
        );
      }
    }
  }
  // Per template, tuning half only: how many of its documents (all forms) reach medium risk.
  console.log("\nTuning half by template (score >= 40, all forms; mean score):");
  console.log("template | label | flagged | mean score");
  const tuning = rows.filter((x) => x.entry.split === "tuning");
  for (const template of [...new Set(tuning.map((x) => x.entry.template))]) {
    const r = tuning.filter((x) => x.entry.template === template);
    const flagged = r.filter((x) => x.score >= THRESHOLDS[0]).length;
    const mean = r.reduce((s, x) => s + x.score, 0) / r.length;
    console.log(`${template} | ${r[0]?.entry.label ?? ""} | ${flagged}/${r.length} | ${mean.toFixed(1)}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main(process.argv.slice(2));
}
