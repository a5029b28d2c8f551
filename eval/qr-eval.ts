// Decoding quality of the QR channel on a generated set (eval/qr/generate.ts): every distortion class, posters and
// stickers with scam and legitimate links, images with no code and with 1-D barcodes only.
// Targets: a payload decoded for >= 95% of images holding a code, no wrong payload, no code reported in an image
// without one. The held-out half (fixed by a hash of the case id) is reported but never inspected case by case.
// Run: node --conditions=source --import tsx eval/qr-eval.ts [--show-tuning-errors] [--no-retries]
//
// The verdict half of the QR evaluation needs the URL pipeline: pass `score` to `evaluateQr` (a function from a
// decoded link to a 0-100 risk score) and the report adds, for posters and stickers with labelled links, how many
// scam links score at or above 65 and how many legitimate ones below 40.

import { createZxingQrDecoder, loadZxing } from "../packages/providers/src/qr/zxing-qr-decoder.js";
import { generateQrCases, isHeldOut, QR_CASE_CLASSES, type QrCase, type QrCaseClass } from "./qr/generate.js";

export type ScoreUrl = (url: string) => Promise<number>;

export interface QrCaseOutcome {
  readonly id: string;
  readonly cls: QrCaseClass;
  readonly heldOut: boolean;
  readonly expected: readonly string[];
  readonly decoded: readonly string[];
  /** Every expected payload was decoded. */
  readonly read: boolean;
  /** Payloads decoded that the image does not hold (a misread or a code invented in an image without one). */
  readonly wrong: readonly string[];
  readonly error: string | null;
  readonly ms: number;
  readonly megapixels: number;
  readonly label: "scam" | "legit" | null;
  readonly score: number | null;
}

export interface QrEvalReport {
  readonly outcomes: readonly QrCaseOutcome[];
  readonly readRate: { readonly tuning: number; readonly heldOut: number; readonly all: number };
  readonly wrongPayloads: number;
  readonly falseCodes: number;
  readonly msPerMegapixel: number;
  readonly meetsTargets: boolean;
}

const pct = (n: number, d: number): string => (d === 0 ? "-" : `${((100 * n) / d).toFixed(1)}%`);

function megapixelsOf(bytes: Uint8Array): number {
  // Width and height from the PNG IHDR or the JPEG SOF, enough for the timing figure.
  if (bytes[0] === 0x89) {
    const v = new DataView(bytes.buffer, bytes.byteOffset);
    return (v.getUint32(16) * v.getUint32(20)) / 1e6;
  }
  let at = 2;
  while (at + 9 < bytes.length) {
    const marker = bytes[at + 1] ?? 0;
    const len = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (marker >= 0xc0 && marker <= 0xc3) {
      const h = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const w = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      return (w * h) / 1e6;
    }
    at += 2 + len;
  }
  return 0;
}

/** Decodes every case and scores the decoder; `score` (optional) adds the verdict part for labelled links. */
export async function evaluateQr(
  cases: readonly QrCase[],
  options: { score?: ScoreUrl; retries?: boolean } = {},
): Promise<QrEvalReport> {
  const decoder = createZxingQrDecoder(options.retries === false ? { retries: [] } : {});
  await loadZxing();
  const outcomes: QrCaseOutcome[] = [];
  for (const c of cases) {
    const started = performance.now();
    const r = await decoder.decode(c.bytes);
    const ms = performance.now() - started;
    const decoded = r.ok ? r.value.map((x) => x.text) : [];
    const read = c.expected.every((e) => decoded.includes(e));
    const wrong = decoded.filter((d) => !c.expected.includes(d));
    let score: number | null = null;
    if (options.score && c.label !== null && read && /^https?:/i.test(c.expected[0] ?? "")) {
      score = await options.score(c.expected[0] ?? "");
    }
    outcomes.push({
      id: c.id,
      cls: c.cls,
      heldOut: isHeldOut(c),
      expected: c.expected,
      decoded,
      read,
      wrong,
      error: r.ok ? null : `${r.error.code}: ${r.error.message}`,
      ms,
      megapixels: megapixelsOf(c.bytes),
      label: c.label,
      score,
    });
  }
  const withCode = outcomes.filter((o) => o.expected.length > 0);
  const rate = (xs: readonly QrCaseOutcome[]): number =>
    xs.length === 0 ? 1 : xs.filter((o) => o.read).length / xs.length;
  const totalMs = outcomes.reduce((s, o) => s + o.ms, 0);
  const totalMp = outcomes.reduce((s, o) => s + o.megapixels, 0);
  const wrongPayloads = outcomes.filter((o) => o.expected.length > 0).reduce((s, o) => s + o.wrong.length, 0);
  const falseCodes = outcomes.filter((o) => o.expected.length === 0).reduce((s, o) => s + o.decoded.length, 0);
  const readRate = {
    tuning: rate(withCode.filter((o) => !o.heldOut)),
    heldOut: rate(withCode.filter((o) => o.heldOut)),
    all: rate(withCode),
  };
  return {
    outcomes,
    readRate,
    wrongPayloads,
    falseCodes,
    msPerMegapixel: totalMp > 0 ? totalMs / totalMp : 0,
    meetsTargets: readRate.all >= 0.95 && wrongPayloads === 0 && falseCodes === 0,
  };
}

function printReport(report: QrEvalReport, showTuningErrors: boolean): void {
  const rows = QR_CASE_CLASSES.map((cls) => {
    const xs = report.outcomes.filter((o) => o.cls === cls);
    const holds = xs.some((o) => o.expected.length > 0);
    const t = xs.filter((o) => !o.heldOut);
    const h = xs.filter((o) => o.heldOut);
    const cell = (ys: readonly QrCaseOutcome[]): string =>
      holds
        ? `${ys.filter((o) => o.read).length}/${ys.length}`
        : `${ys.filter((o) => o.decoded.length === 0).length}/${ys.length} empty`;
    const wrong = xs.reduce((s, o) => s + o.wrong.length, 0);
    const ms = xs.reduce((s, o) => s + o.ms, 0) / Math.max(1, xs.length);
    return `${cls.padEnd(16)} ${cell(t).padStart(10)} ${cell(h).padStart(10)} ${String(wrong).padStart(6)} ${ms.toFixed(0).padStart(8)}`;
  });
  console.log(
    `${"class".padEnd(16)} ${"tuning".padStart(10)} ${"held-out".padStart(10)} ${"wrong".padStart(6)} ${"ms/image".padStart(8)}`,
  );
  for (const r of rows) console.log(r);
  const withCode = report.outcomes.filter((o) => o.expected.length > 0);
  console.log(
    `\nimages holding a code: ${withCode.length}; payload decoded: ${pct(withCode.filter((o) => o.read).length, withCode.length)} ` +
      `(tuning ${(100 * report.readRate.tuning).toFixed(1)}%, held-out ${(100 * report.readRate.heldOut).toFixed(1)}%)`,
  );
  console.log(`wrong payloads: ${report.wrongPayloads}; codes reported in images without one: ${report.falseCodes}`);
  console.log(
    `decode time: ${report.msPerMegapixel.toFixed(1)} ms per megapixel (whole pipeline: image decoding, reads, retries)`,
  );
  const scored = report.outcomes.filter((o) => o.score !== null);
  if (scored.length > 0) {
    const scam = scored.filter((o) => o.label === "scam");
    const legit = scored.filter((o) => o.label === "legit");
    console.log(
      `verdicts on decoded links: scam >= 65: ${pct(scam.filter((o) => (o.score ?? 0) >= 65).length, scam.length)} of ${scam.length}; ` +
        `legitimate < 40: ${pct(legit.filter((o) => (o.score ?? 0) < 40).length, legit.length)} of ${legit.length}`,
    );
  } else {
    console.log("verdicts on decoded links: not run (no scoring function given; see evaluateQr)");
  }
  if (showTuningErrors) {
    for (const o of report.outcomes.filter((x) => !x.heldOut && (!x.read || x.wrong.length > 0 || x.error))) {
      console.log(
        `  ${o.id}: expected ${JSON.stringify(o.expected)} decoded ${JSON.stringify(o.decoded)} ${o.error ?? ""}`,
      );
    }
  }
  console.log(`targets (>= 95% read, 0 wrong, 0 false codes): ${report.meetsTargets ? "met" : "MISSED"}`);
}

export async function main(args: readonly string[] = [], options: { score?: ScoreUrl } = {}): Promise<QrEvalReport> {
  const started = performance.now();
  const cases = await generateQrCases();
  const generated = performance.now();
  console.log(
    `QR evaluation: ${cases.length} generated images (${((generated - started) / 1000).toFixed(1)} s to generate)`,
  );
  const report = await evaluateQr(cases, { ...options, retries: !args.includes("--no-retries") });
  printReport(report, args.includes("--show-tuning-errors"));
  console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (!report.meetsTargets) process.exitCode = 1;
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
