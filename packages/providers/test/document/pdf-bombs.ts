// PDFs that cost PDF.js far more than their size, made on the fly (a few KB each) for the reader's tests and the
// document benchmark.
import { readFileSync } from "node:fs";
import { createDeflate, deflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFRawStream, type PDFDict } from "pdf-lib";
import { residentBytes } from "../../src/document/pdf-text-pool.js";

/**
 * `pages` distinct page objects that all draw the same content stream: `megabytes` of path operators ("0 0 m")
 * deflated to a few KB. Every page parses the whole stream again and finds no text; the page-object dedupe
 * does not apply, since the pages are different objects.
 */
export async function sharedContentBomb(pages: number, megabytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const content = deflateSync(Buffer.alloc(megabytes * 1024 * 1024, "0 0 m "), { level: 9 });
  const dict = doc.context.obj({ Length: content.length, Filter: "FlateDecode" }) as PDFDict;
  const stream = doc.context.register(PDFRawStream.of(dict, content));
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).node.set(PDFName.of("Contents"), stream);
  return doc.save({ useObjectStreams: false });
}

/**
 * A one-page PDF whose cross-reference stream declares `entries` objects: six bytes each, deflated to almost
 * nothing. PDF.js builds one JavaScript object per entry while opening the file, so its heap grows by tens of
 * megabytes a second before the first page is read.
 */
export function xrefEntriesBomb(entries: number): Uint8Array {
  let head = "%PDF-1.7\n";
  head += "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n";
  head += "2 0 obj\n<< /Type /Pages /Count 1 /Kids [3 0 R] >>\nendobj\n";
  head += "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n";
  // Type 1 (an object at a byte offset) for every entry, all pointing into the header: W [1 4 1].
  const rows = Buffer.alloc(entries * 6);
  for (let i = 0; i < entries; i++) {
    rows[i * 6] = 1;
    rows.writeUInt32BE(9, i * 6 + 1);
  }
  const data = deflateSync(rows, { level: 9 });
  const xrefAt = Buffer.byteLength(head, "latin1");
  const dict =
    `<< /Type /XRef /Size ${entries} /Index [0 ${entries}] /W [1 4 1] /Root 1 0 R ` +
    `/Filter /FlateDecode /Length ${data.length} >>`;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(`${head}4 0 obj\n${dict}\nstream\n`, "latin1"),
      data,
      Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, "latin1"),
    ]),
  );
}

/**
 * A one-page PDF whose content stream is `megabytes` of zero bytes, FlateDecode: about a thousand to one, so 400 MB
 * is a file of about 400 KB. The zeros are deflated a megabyte at a time, never held whole.
 */
export async function zeroStreamBomb(megabytes: number): Promise<Uint8Array> {
  const deflater = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflater.on("data", (chunk: Buffer) => parts.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflater.on("end", resolve);
    deflater.on("error", reject);
  });
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) {
    if (!deflater.write(zeros)) await new Promise((resolve) => deflater.once("drain", resolve));
  }
  deflater.end();
  await ended;
  const content = Buffer.concat(parts);
  const doc = await PDFDocument.create();
  const dict = doc.context.obj({ Length: content.length, Filter: "FlateDecode" }) as PDFDict;
  doc.addPage([612, 792]).node.set(PDFName.of("Contents"), doc.context.register(PDFRawStream.of(dict, content)));
  return doc.save({ useObjectStreams: false });
}

/** Resident bytes of this process and of the children it started (the PDF readers parse in child processes). */
export function treeResidentBytes(): number {
  const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, "latin1").trim();
  const pids = children === "" ? [] : children.split(/\s+/).map(Number);
  return pids.reduce((sum, pid) => sum + (residentBytes(pid) ?? 0), process.memoryUsage.rss());
}
