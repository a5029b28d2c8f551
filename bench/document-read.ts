// Cost of reading documents offline: the first OCR page (cold: worker start and model load), OCR per page warm
// (a photographed one-page letter, the document channel's common case), PDF text per page, and the process's
// peak RSS across 100 document reads (it must stay flat: no leak per read).
// Run: node --conditions=source --import tsx bench/document-read.ts
// Target: a one-page photographed document read in < 2 s p50 warm, offline. Exits 1 when missed.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDocumentReader } from "../packages/providers/src/document/create-document-reader.js";
import type { DocumentKind } from "../packages/core/src/ports/document-reader.js";
import { median, percentile } from "./lib/stats.js";

const SET = join(dirname(fileURLToPath(import.meta.url)), "..", "eval", "documents", "set");
const WARM_OCR_READS = Number(process.env["BENCH_OCR_READS"] ?? 12);
const PDF_READS = 60;
const LEAK_READS = Number(process.env["BENCH_LEAK_READS"] ?? 100);
const TARGET_MS = 2_000;
const LEAK_MARGIN_MB = 32;

const photos = [
  "toll-scam-1",
  "invoice-callback-1",
  "jury-scam-2",
  "utility-bill-1",
  "pharmacy-letter-2",
  "tax-scam-1",
].map((id) => new Uint8Array(readFileSync(join(SET, `${id}-photo.jpg`))));
const pdfs = ["toll-scam-1", "utility-bill-2", "jury-summons-1", "invoice-callback-2"].map(
  (id) => new Uint8Array(readFileSync(join(SET, `${id}.pdf`))),
);

const reader = createDocumentReader({ limits: { timeBudgetMs: 120_000 } });
const ctx = { signal: new AbortController().signal };

async function timed(bytes: Uint8Array, kind: DocumentKind): Promise<number> {
  const start = performance.now();
  const r = await reader.read(bytes, kind, ctx);
  if (r.isErr()) throw new Error(`read failed: ${r.error.code} ${r.error.message}`);
  return performance.now() - start;
}

const cold = await timed(photos[0]!, "jpeg");

const warm: number[] = [];
for (let i = 0; i < WARM_OCR_READS; i++) warm.push(await timed(photos[i % photos.length]!, "jpeg"));
warm.sort((a, b) => a - b);

const pdfTimes: number[] = [];
for (let i = 0; i < PDF_READS; i++) pdfTimes.push(await timed(pdfs[i % pdfs.length]!, "pdf"));

// Peak RSS per quarter of 100 reads (BENCH_LEAK_READS, a multiple of 4) of mixed kinds: the last quarter's peak
// may exceed the second's by at most LEAK_MARGIN_MB of allocator noise, or a read leaks.
let peak = 0;
const peaks: number[] = [];
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
for (let i = 0; i < LEAK_READS; i++) {
  if (i % 10 === 0) await timed(photos[(i / 10) % photos.length]!, "jpeg");
  else await timed(pdfs[i % pdfs.length]!, "pdf");
  peak = Math.max(peak, process.memoryUsage.rss());
  if (i % (LEAK_READS / 4) === LEAK_READS / 4 - 1) {
    peaks.push(peak);
    peak = 0;
  }
}
clearInterval(sampler);
await reader.close();

const mb = (b: number): string => `${(b / 1024 / 1024).toFixed(0)} MB`;
const p50 = median(warm);
const growth = (peaks[3] ?? 0) - (peaks[1] ?? 0);
console.log(
  `document read: ${photos.length} photographed one-page letters (JPEG 40, 1100 px), ${pdfs.length} text PDFs`,
);
console.log(`  OCR first page, cold      ${cold.toFixed(0)} ms (worker start + model load + one page)`);
console.log(
  `  OCR per page, warm        p50 ${p50.toFixed(0)} ms, p90 ${percentile(warm, 0.9).toFixed(0)} ms (${warm.length} reads)`,
);
console.log(`  PDF text per page         p50 ${median(pdfTimes).toFixed(1)} ms (${PDF_READS} reads)`);
console.log(
  `  peak RSS per quarter     ${peaks.map(mb).join(" / ")} (${LEAK_READS} reads; growth 2nd->4th quarter ${mb(growth)})`,
);
console.log(`  target p50 warm < ${TARGET_MS} ms: ${p50 < TARGET_MS ? "met" : "MISSED"}`);
console.log(`  RSS growth < ${LEAK_MARGIN_MB} MB: ${growth < LEAK_MARGIN_MB * 1024 * 1024 ? "met" : "MISSED"}`);
if (p50 >= TARGET_MS || growth >= LEAK_MARGIN_MB * 1024 * 1024) process.exitCode = 1;
