// The account's lists as a named factor on a result, applied after the shared cache so that one account's entries
// never reach another's answers. A block entry on the item or anything it holds (a link, a number, the sender) lifts
// the score to at least 85 (scam); an allow entry on the item itself (the URL, the number, the sender) caps it at 15
// (safe), or at 39 (low_risk) when a threat feed lists it, which the factor and the explanation then say. Block wins
// over allow. Which findings are a feed's is read from the sources' declared kind (SignalSource.kind), never from
// their names.
import { everyNationalReading } from "../analyzers/phone/national-number.js";
import type { Factor } from "../schemas/common.js";
import type { ListEntryRecord } from "../ports/list-store.js";
import type { SignalSource } from "../ports/signal-source.js";
import { ALLOWLIST_FACTOR, BLOCKLIST_FACTOR, type ListName } from "../schemas/lists.js";
import { verdictFor } from "../scoring/verdict.js";
import type { ListIndex } from "./list-index.js";
import { BoundedMap } from "../policies/bounded-map.js";

export const BLOCK_FLOOR = 85;
export const ALLOW_CAP = 15;
export const ALLOW_CAP_FEED_LISTED = 39;
export const LISTS_SOURCE = "account_lists";

interface Subjects {
  /** What the result is about: allow and block entries both apply. */
  readonly primary: { urls: string[]; phones: string[]; senders: string[] };
  /** What it holds (links and numbers of a message, document or code): block entries apply. */
  readonly contained: { urls: string[]; phones: string[]; senders: string[] };
}

type Loose = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** The URLs, numbers and sender addresses of any channel's result, read from the fields channels share. */
function subjectsOf(result: Loose): Subjects {
  const primary = { urls: [] as string[], phones: [] as string[], senders: [] as string[] };
  const contained = { urls: [] as string[], phones: [] as string[], senders: [] as string[] };
  const signals = (result["signals"] ?? {}) as Loose;
  const url = str(result["url"]);
  if (url) primary.urls.push(url);
  const phone = str(result["phone_number"]);
  if (phone) primary.phones.push(phone);
  const from = str(
    ((signals["header_analysis"] as Loose | null | undefined)?.["from"] as Loose | null | undefined)?.["address"],
  );
  if (from) primary.senders.push(from);
  const sender = signals["sender"] as Loose | null | undefined;
  if (sender) {
    const analysed = str((sender["analysis"] as Loose | null | undefined)?.["value"]);
    if (analysed) primary.phones.push(analysed);
    else if (sender["kind"] === "email" && str(sender["value"])) primary.senders.push(String(sender["value"]));
  }
  const qrUrl = str((result["url_analysis"] as Loose | null | undefined)?.["url"]);
  if (qrUrl) primary.urls.push(qrUrl);
  contained.urls.push(...strs(signals["extracted_urls"]));
  contained.phones.push(...strs(signals["extracted_phones"]));
  // A number the message gives without its country is the account's listed number in any country it reads in.
  for (const digits of strs(signals["unplaced_phones"])) contained.phones.push(...readingsOf(digits));
  contained.senders.push(...strs(signals["extracted_emails"]));
  for (const sub of Array.isArray(result["sub_lookups"]) ? (result["sub_lookups"] as Loose[]) : []) {
    const value = str(sub["value"]);
    if (value === undefined) continue;
    if (sub["kind"] === "url") contained.urls.push(value);
    else if (sub["kind"] === "phone") contained.phones.push(value);
  }
  return { primary, contained };
}

/** Every country's reading of the unplaced numbers matched lately: a cached answer is matched on every repeat. */
const readings = new BoundedMap<string, readonly string[]>(1_024);

function readingsOf(digits: string): readonly string[] {
  let found = readings.get(digits);
  if (found === undefined) {
    found = everyNationalReading(digits);
    readings.set(digits, found);
  }
  return found;
}

/** Hosts of the URLs matched lately: a URL asked about at volume is matched on every cached answer. */
const HOST_MEMO_SIZE = 4_096;
const hosts = new BoundedMap<string, string | null>(HOST_MEMO_SIZE);

/** The host of a URL as results carry it (already normalized): ASCII, lower case, IPv6 without brackets. */
function hostOf(url: string): string | null {
  let host = hosts.get(url);
  if (host === undefined) {
    try {
      host = new URL(url).hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
    } catch {
      host = null;
    }
    hosts.set(url, host);
  }
  return host;
}

function firstMatch(
  index: ListIndex,
  list: ListName,
  s: { urls: string[]; phones: string[]; senders: string[] },
  now: Date,
): ListEntryRecord | undefined {
  for (const url of s.urls) {
    const hit = index.exact(list, "url", url, now);
    if (hit) return hit;
    const host = hostOf(url);
    const byHost = host === null ? undefined : index.host(list, host, now);
    if (byHost) return byHost;
  }
  for (const phone of s.phones) {
    const hit = index.exact(list, "phone", phone, now);
    if (hit) return hit;
  }
  for (const address of s.senders) {
    const hit = index.exact(list, "sender", address, now);
    if (hit) return hit;
    const at = address.lastIndexOf("@");
    const byDomain = at < 0 ? undefined : index.host(list, address.slice(at + 1), now);
    if (byDomain) return byDomain;
  }
  return undefined;
}

/** The names of the sources that declare themselves threat feeds: their findings are what `isThreatFeedFactor` sees. */
export function threatFeedSources(sources: readonly Pick<SignalSource<never>, "name" | "kind">[]): ReadonlySet<string> {
  return new Set(sources.filter((s) => s.kind === "threat_feed").map((s) => s.name));
}

/** Findings that come from a threat feed or a threat database listing (never hidden by an allow entry). */
export function isThreatFeedFactor(f: Factor, feeds: ReadonlySet<string>): boolean {
  return feeds.has(f.source);
}

const named = (e: ListEntryRecord): string =>
  `${e.kind} ${e.value} (entry ${e.id}${e.note === null ? "" : `: ${e.note}`})`;

/**
 * The result as this account sees it: unchanged (the same object) when no entry applies, otherwise a copy with the
 * list's factor first, the score, verdict and explanation moved. `feedSources` names the threat feeds
 * (`threatFeedSources`).
 */
export function applyLists<T extends object>(
  result: T,
  index: ListIndex,
  now: Date,
  feedSources: ReadonlySet<string>,
): T {
  if (index.size === 0) return result;
  const r = result as unknown as Loose;
  if (typeof r["risk_score"] !== "number" || !Array.isArray(r["factors"])) return result;
  const subjects = subjectsOf(r);
  const all = {
    urls: [...subjects.primary.urls, ...subjects.contained.urls],
    phones: [...subjects.primary.phones, ...subjects.contained.phones],
    senders: [...subjects.primary.senders, ...subjects.contained.senders],
  };
  const before = r["risk_score"] as number;
  const factors = r["factors"] as Factor[];
  const blocked = firstMatch(index, "block", all, now);
  let score: number;
  let factor: Factor;
  let lead: string;
  if (blocked !== undefined) {
    score = Math.max(before, BLOCK_FLOOR);
    factor = {
      id: BLOCKLIST_FACTOR,
      source: LISTS_SOURCE,
      label: `On this account's block list: ${named(blocked)}`,
      points: score - before,
    };
    lead = `This account's block list names ${blocked.kind} ${blocked.value}, so this is rated ${verdictFor(score)} (${score}/100) whatever else was found.`;
  } else {
    const allowed = firstMatch(index, "allow", subjects.primary, now);
    if (allowed === undefined) return result;
    const feeds = factors.filter((f) => isThreatFeedFactor(f, feedSources));
    score = Math.min(before, feeds.length > 0 ? ALLOW_CAP_FEED_LISTED : ALLOW_CAP);
    const despite =
      feeds.length > 0 ? `; a threat feed lists it all the same (${feeds.map((f) => f.source).join(", ")})` : "";
    factor = {
      id: ALLOWLIST_FACTOR,
      source: LISTS_SOURCE,
      label: `On this account's allow list: ${named(allowed)}${despite}`,
      points: score - before,
    };
    lead =
      feeds.length > 0
        ? `This account's allow list names ${allowed.kind} ${allowed.value}, so this is rated no higher than ${verdictFor(score)} (${score}/100), although a threat feed lists it: ${feeds[0]!.label}.`
        : `This account's allow list names ${allowed.kind} ${allowed.value}, so this is rated ${verdictFor(score)} (${score}/100).`;
  }
  return {
    ...result,
    risk_score: score,
    verdict: verdictFor(score),
    factors: [factor, ...factors],
    explanation: `${lead} ${String(r["explanation"] ?? "")}`.trim(),
  } as T;
}
