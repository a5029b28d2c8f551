// Counts what a PDF's Flate streams inflate to, before PDF.js reads any of them: each stream is inflated through a
// small window whose output is counted and dropped, and the count stops at the cap. A file of a megabyte can inflate
// to gigabytes (a stream of zeros deflates about a thousand to one); PDF.js would grow one buffer to that size.
import { createInflate } from "node:zlib";

/** Output window of the counting inflater: what counting one stream holds in memory at once. */
const WINDOW = 256 * 1024;
/** How far before a "stream" keyword its dictionary is looked for. */
const DICT_REACH = 4_096;
/** The first filter of a stream is Flate: "/Filter /FlateDecode", "/Filter [/FlateDecode ...]", or "/Fl". */
const FLATE_FIRST = /\/Filter\s*(?:\[\s*)?\/(?:FlateDecode|Fl)(?![A-Za-z])/;

const latin1 = (bytes: Uint8Array, from: number, to: number): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString("latin1");

/** Where each stream whose first filter is Flate starts and ends (its raw bytes), in file order. */
export function* flateStreams(bytes: Uint8Array): Generator<{ start: number; end: number }> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  for (;;) {
    const keyword = text.indexOf("stream", at, "latin1");
    if (keyword < 0) return;
    at = keyword + 6;
    // "endstream" is the end of one, not the start of another.
    if (keyword >= 3 && latin1(bytes, keyword - 3, keyword) === "end") continue;
    let start = at;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    // The keyword ends its line; without an end of line it is a word inside something else.
    if (start === at) continue;
    const dict = latin1(bytes, Math.max(0, keyword - DICT_REACH), keyword);
    const opened = dict.lastIndexOf("obj");
    if (!FLATE_FIRST.test(opened < 0 ? dict : dict.slice(opened))) continue;
    const closing = text.indexOf("endstream", start, "latin1");
    const end = closing < 0 ? bytes.byteLength : closing;
    yield { start, end };
    at = end;
  }
}

/** Bytes one stream inflates to, counting no further than `limit` (then limit + 1 or a little more). */
function inflatedSize(raw: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    let count = 0;
    const inflater = createInflate({ chunkSize: WINDOW });
    const finish = (): void => {
      inflater.removeAllListeners();
      inflater.on("error", () => undefined);
      inflater.destroy();
      resolve(count);
    };
    inflater.on("data", (chunk: Buffer) => {
      count += chunk.length;
      if (count > limit) finish();
    });
    // A damaged stream counts what it gave before the damage; PDF.js reads no more of it either.
    inflater.on("error", finish);
    inflater.on("end", finish);
    inflater.end(raw);
  });
}

/**
 * The bytes all Flate streams of a PDF inflate to, stopping as soon as the total passes `cap`: at most `cap` plus one
 * window is ever counted, and no more than one window is held.
 */
export async function inflatedTotal(bytes: Uint8Array, cap: number): Promise<{ bytes: number; over: boolean }> {
  let total = 0;
  for (const { start, end } of flateStreams(bytes)) {
    total += await inflatedSize(bytes.subarray(start, end), cap - total);
    if (total > cap) return { bytes: total, over: true };
  }
  return { bytes: total, over: false };
}
