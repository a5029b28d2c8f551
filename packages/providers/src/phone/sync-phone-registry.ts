// Syncs one published complaint or numbering file into the PhoneRegistryStore: streams it (URL or local file),
// hashes the bytes, parses and aggregates, and applies it in one transaction. A file already applied (same SHA-256)
// changes nothing; a file that cannot be read keeps the previous data. The in-memory index is reloaded after a change.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import type { PhoneRegistryStore, RegistryFile } from "@scamverify/core";
import { ComplaintAggregator } from "./complaint-aggregator.js";
import { createFccComplaintsParser, createFtcDncParser, type ComplaintFileParser } from "./complaint-file-parsers.js";
import { CsvStream } from "./csv-stream.js";
import { parseNanpaCodes } from "./parse-nanpa-codes.js";

export type PhoneRegistryFeed = "ftc-dnc" | "fcc-complaints" | "nanpa-codes";

export interface SyncPhoneRegistryDeps {
  readonly store: PhoneRegistryStore;
  /** Defaults to the global fetch. */
  readonly fetch?: typeof globalThis.fetch;
  /** Reloaded after a file changed the store (the lookups' in-memory index). */
  readonly registry?: { load(): Promise<unknown> };
  /** Whole-download budget; default 10 minutes. */
  readonly timeoutMs?: number;
}

export interface SyncPhoneRegistryOptions {
  readonly source: PhoneRegistryFeed;
  readonly from: { readonly url: string } | { readonly file: string };
  /** Share of data rows that may be unusable before the file counts as broken; default 0.5. */
  readonly maxRejectedShare?: number;
}

export interface SyncPhoneRegistryOutcome {
  /** applied: the store changed; unchanged: this exact file was applied before; failed: nothing was changed. */
  readonly status: "applied" | "unchanged" | "failed";
  readonly source: PhoneRegistryFeed;
  readonly origin: string;
  readonly sha256: string | null;
  readonly rows: number;
  readonly rejected: number;
  /** Distinct numbers (or code blocks) in the file; 0 with rows when a local file was recognised unread. */
  readonly numbers: number;
  readonly reason?: string;
}

async function* openChunks(
  from: SyncPhoneRegistryOptions["from"],
  deps: SyncPhoneRegistryDeps,
): AsyncGenerator<Uint8Array> {
  if ("file" in from) {
    for await (const chunk of createReadStream(from.file, { highWaterMark: 1 << 20 })) yield chunk as Uint8Array;
    return;
  }
  const doFetch = deps.fetch ?? globalThis.fetch;
  const res = await doFetch(from.url, { signal: AbortSignal.timeout(deps.timeoutMs ?? 600_000) });
  if (!res.ok || !res.body) throw new Error(`download failed: HTTP ${res.status}`);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) yield chunk;
}

function parserFor(source: PhoneRegistryFeed): ComplaintFileParser | null {
  if (source === "ftc-dnc") return createFtcDncParser();
  if (source === "fcc-complaints") return createFccComplaintsParser();
  return null;
}

export async function syncPhoneRegistry(
  deps: SyncPhoneRegistryDeps,
  options: SyncPhoneRegistryOptions,
): Promise<SyncPhoneRegistryOutcome> {
  const origin = "url" in options.from ? options.from.url : options.from.file;
  const base = { source: options.source, origin };
  const failed = (reason: string, extra: Partial<SyncPhoneRegistryOutcome> = {}): SyncPhoneRegistryOutcome => ({
    ...base,
    status: "failed",
    sha256: null,
    rows: 0,
    rejected: 0,
    numbers: 0,
    ...extra,
    reason,
  });

  // A local file is hashed before it is parsed, so re-applying a file already seen costs one read.
  if ("file" in options.from) {
    try {
      const pre = createHash("sha256");
      for await (const chunk of createReadStream(options.from.file, { highWaterMark: 1 << 20 }))
        pre.update(chunk as Uint8Array);
      const sha256 = pre.digest("hex");
      if (await deps.store.hasFile(sha256)) {
        return { ...base, status: "unchanged", sha256, rows: 0, rejected: 0, numbers: 0 };
      }
    } catch (err) {
      return failed(`could not read ${origin}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  const hash = createHash("sha256");
  const decoder = new TextDecoder("utf-8");
  const parser = parserFor(options.source);
  const aggregator = new ComplaintAggregator(1 << 16);
  let text = "";
  let rows = 0;
  let rejected = 0;
  let headerError: string | null = null;
  let sawHeader = false;
  const csv = new CsvStream(",");
  const onRecord = (fields: string[]): void => {
    if (!parser || headerError) return;
    if (!sawHeader) {
      sawHeader = true;
      headerError = parser.header(fields);
      return;
    }
    rows++;
    if (!parser.row(fields, aggregator)) rejected++;
  };
  let bytes = 0;
  try {
    for await (const chunk of openChunks(options.from, deps)) {
      bytes += chunk.byteLength;
      hash.update(chunk);
      const piece = decoder.decode(chunk, { stream: true });
      if (parser) {
        csv.push(piece, onRecord);
        if (headerError) break;
      } else text += piece;
    }
    const tail = decoder.decode();
    if (parser) {
      csv.push(tail, onRecord);
      csv.end(onRecord);
    } else text += tail;
  } catch (err) {
    return failed(`could not read ${origin}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (bytes === 0) return failed("the file is empty");
  const sha256 = hash.digest("hex");

  if (!parser) {
    const parsed = parseNanpaCodes(text);
    if ("error" in parsed) return failed(parsed.error, { sha256 });
    if (parsed.blocks.length === 0) return failed("the NANPA file lists no code blocks", { sha256 });
    const file = { sha256, origin, rows: parsed.rows, rejected: parsed.rejected };
    let out;
    try {
      out = await deps.store.replaceCodeBlocks(file, parsed.blocks);
    } catch (err) {
      return failed(`the store did not take the file: ${err instanceof Error ? err.message : String(err)}`, { sha256 });
    }
    return {
      ...base,
      status: out.applied ? "applied" : "unchanged",
      sha256,
      rows: parsed.rows,
      rejected: parsed.rejected,
      numbers: parsed.blocks.length,
    };
  }

  if (headerError) return failed(headerError, { sha256 });
  if (!sawHeader) return failed("the file has no header row", { sha256 });
  if (csv.unterminated) return failed("the file ends inside a quoted field: it was cut off", { sha256, rows });
  const maxShare = options.maxRejectedShare ?? 0.5;
  if (rows > 0 && rejected / rows > maxShare) {
    return failed(`${rejected} of ${rows} rows have no usable number or date`, { sha256, rows, rejected });
  }
  if (await deps.store.hasFile(sha256)) {
    return { ...base, status: "unchanged", sha256, rows, rejected, numbers: aggregator.numbersSeen };
  }
  const file: RegistryFile = { source: parser.source, sha256, origin, rows, rejected };
  const batch = aggregator.toBatch(file, parser.mode);
  let out;
  try {
    out = await deps.store.apply(batch);
  } catch (err) {
    const reason = `the store did not take the file: ${err instanceof Error ? err.message : String(err)}`;
    return failed(reason, { sha256, rows, rejected });
  }
  let reloadError: string | null = null;
  if (out.applied && deps.registry) {
    // The file is stored either way; a failed reload leaves the previous index serving until the next load.
    try {
      await deps.registry.load();
    } catch (err) {
      reloadError = `applied, but the lookup index was not reloaded: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  return {
    ...base,
    status: out.applied ? "applied" : "unchanged",
    sha256,
    rows,
    rejected,
    numbers: batch.size,
    ...(reloadError ? { reason: reloadError } : {}),
  };
}
