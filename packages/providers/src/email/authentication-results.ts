// Reads Authentication-Results headers (RFC 8601) into per-method results, and decides which of them a trusted
// receiving server wrote: its authserv-id must be one the operator trusts, and the header must sit above every
// Received hop written outside that receiver, so a sender cannot plant one lower down. Microsoft 365 and Outlook.com
// write no authserv-id at all; theirs are recognised by where they sit: among the Received hops Microsoft's own
// servers wrote at the top of the chain, above the hop where the message came in from outside.
import { parse as parseDomain } from "tldts";
import type { AuthResult } from "@scamverify/core";

/**
 * Receivers whose Authentication-Results are believed by default: Gmail (mx.google.com), Microsoft 365 and Outlook.com
 * (mx.microsoft.com), Yahoo and AOL (any host under .mail.yahoo.com), Fastmail (.messagingengine.com), Zoho
 * (mx.zohomail.com), iCloud (.mail.icloud.com). An entry starting with "." matches every host under it.
 */
export const DEFAULT_TRUSTED_AUTHSERV_IDS: readonly string[] = [
  "mx.google.com",
  "mx.microsoft.com",
  ".mail.yahoo.com",
  ".messagingengine.com",
  "mx.zohomail.com",
  ".mail.icloud.com",
];

/** Domains a receiver writes its own Received hops under, beyond its authserv-id's registrable domain. */
const RECEIVER_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  "google.com": ["google.com", "gmail.com"],
  "microsoft.com": ["microsoft.com", "outlook.com", "office365.com", "hotmail.com"],
  "yahoo.com": ["yahoo.com", "yahoodns.net", "aol.com"],
  "messagingengine.com": ["messagingengine.com", "fastmail.com"],
  "zohomail.com": ["zohomail.com", "zoho.com"],
  "icloud.com": ["icloud.com", "apple.com", "me.com"],
};

export interface MethodResult {
  readonly result: AuthResult;
  /** The result word as written, lower case ("softpass", "bestguesspass" are Microsoft's own). */
  readonly word: string;
  /** Properties of the method (header.from, header.d, smtp.mailfrom, header.s, policy ...), lower-case keys. */
  readonly props: Readonly<Record<string, string>>;
  /** Comment text (the part in parentheses). */
  readonly comment: string;
}

export interface AuthenticationResultsHeader {
  /** The authserv-id, lower case; "" when the header names none. */
  readonly authservId: string;
  readonly spf: MethodResult | null;
  readonly dkim: readonly MethodResult[];
  readonly dmarc: MethodResult | null;
  readonly arc: MethodResult | null;
  /** Microsoft's composite authentication (compauth=, with its reason= code). */
  readonly compauth: MethodResult | null;
}

const RESULTS = new Set<AuthResult>(["pass", "fail", "softfail", "neutral", "none", "temperror", "permerror"]);

function toResult(word: string): AuthResult {
  const w = word.toLowerCase();
  if (w === "temperr") return "temperror";
  if (w === "permerr") return "permerror";
  if (w === "hardfail") return "fail";
  if (w === "policy") return "fail";
  // Microsoft: no DMARC record, though one would pass.
  if (w === "bestguesspass") return "none";
  return RESULTS.has(w as AuthResult) ? (w as AuthResult) : "unknown";
}

/**
 * One Authentication-Results header value; an ARC-Authentication-Results value too, its instance tag ("i=1;")
 * dropped.
 */
export function parseAuthenticationResults(value: string): AuthenticationResultsHeader {
  const segments = value
    .replace(/\s+/g, " ")
    .slice(0, 16_384)
    .replace(/^\s*i\s*=\s*\d+\s*;/i, "")
    .split(";");
  let authservId = "";
  const first = (segments[0] ?? "").trim();
  let start = 0;
  if (!/^[a-z-]+\s*=/i.test(first)) {
    authservId = (first.split(" ")[0] ?? "").toLowerCase();
    start = 1;
  }
  let spf: MethodResult | null = null;
  let dmarc: MethodResult | null = null;
  let arc: MethodResult | null = null;
  let compauth: MethodResult | null = null;
  const dkim: MethodResult[] = [];
  for (const segment of segments.slice(start)) {
    const comments: string[] = [];
    const bare = segment.replace(/\(([^()]*)\)/g, (_m, c: string) => {
      comments.push(c);
      return " ";
    });
    const m = /^\s*([a-z-]+)\s*=\s*([a-z]+)/i.exec(bare);
    if (m === null) continue;
    const method = (m[1] ?? "").toLowerCase();
    const props: Record<string, string> = {};
    // Microsoft writes two bare properties: DMARC's action= and compauth's reason=.
    for (const p of bare.slice(m[0].length).matchAll(/([a-z]+\.[a-z-]+|action|reason)\s*=\s*("[^"]*"|[^\s;]+)/gi)) {
      props[(p[1] ?? "").toLowerCase()] = (p[2] ?? "").replace(/^"|"$/g, "");
    }
    const comment = comments.join(" ");
    // Gmail writes the DMARC policy in a comment: "(p=REJECT sp=REJECT dis=NONE)".
    const policy = /\bp=([a-z]+)/i.exec(comment)?.[1];
    if (policy !== undefined) props["policy.p"] = policy.toLowerCase();
    const word = (m[2] ?? "").toLowerCase();
    const r: MethodResult = { result: toResult(word), word, props, comment };
    if (method === "spf" && spf === null) spf = r;
    else if (method === "dkim") dkim.push(r);
    else if (method === "dmarc" && dmarc === null) dmarc = r;
    else if (method === "arc" && arc === null) arc = r;
    else if (method === "compauth" && compauth === null) compauth = r;
  }
  return { authservId, spf, dkim, dmarc, arc, compauth };
}

function registrable(host: string): string {
  return parseDomain(host).domain ?? host;
}

/** true when `id` is trusted by one of `trusted` (exact host, or under a "."-prefixed suffix). */
export function isTrustedAuthservId(id: string, trusted: readonly string[]): boolean {
  if (id === "") return false;
  return trusted.some((t) => (t.startsWith(".") ? id.endsWith(t) : id === t.toLowerCase()));
}

interface HeaderField {
  readonly name: string;
  readonly value: string;
}

/**
 * The topmost Authentication-Results header written by a trusted receiver, or null. Received headers above it must
 * all be the receiver's own hops (by-host under its domains, or a bare address as Gmail writes).
 */
export function trustedAuthenticationResults(
  headers: readonly HeaderField[],
  trusted: readonly string[],
  byHostOf: (receivedValue: string) => string | null,
): AuthenticationResultsHeader | null {
  const receivedAbove: string[] = [];
  for (const h of headers) {
    const name = h.name.toLowerCase();
    if (name === "received") {
      receivedAbove.push(h.value);
      continue;
    }
    if (name !== "authentication-results") continue;
    const parsed = parseAuthenticationResults(h.value);
    if (!isTrustedAuthservId(parsed.authservId, trusted)) continue;
    const own = RECEIVER_DOMAINS[registrable(parsed.authservId)] ?? [registrable(parsed.authservId)];
    const inside = receivedAbove.every((v) => {
      const by = byHostOf(v);
      if (by === null || /^[0-9a-f:.]+$/i.test(by)) return true;
      return own.includes(registrable(by));
    });
    if (inside) return parsed;
  }
  return null;
}

/** Registrable domains Microsoft 365 and Outlook.com write their own Received hops under. */
const MICROSOFT_HOP_DOMAINS: ReadonlySet<string> = new Set(["outlook.com", "office365.com"]);
/** Another Microsoft 365 organisation's outbound servers: mail from them comes in from outside the receiver. */
const MICROSOFT_OUTBOUND = ".outbound.protection.outlook.com";

/** The two hosts of a Received hop that tell who wrote it and where the message came from. */
export interface HopHosts {
  readonly fromHost: string | null;
  readonly byHost: string | null;
}

/** Microsoft's filter verdict on inbound mail (X-Forefront-Antispam-Report, X-MS-Exchange-Organization-SCL). */
export interface FilterVerdict {
  readonly scl: number | null;
  readonly category: string | null;
  readonly filter: string | null;
}

export interface MicrosoftReceiverResults {
  readonly results: AuthenticationResultsHeader;
  /** The Microsoft host that took the message in (the by-host of the receiver's first hop). */
  readonly receiverHost: string;
  /** The receiver's own filter verdict; null when it wrote none. */
  readonly filter: FilterVerdict | null;
}

function isAddress(host: string): boolean {
  return /^\[?[0-9a-f:.]+(?:%\w+)?\]?$/i.test(host);
}

function isMicrosoftHost(host: string | null): boolean {
  return host !== null && !isAddress(host) && MICROSOFT_HOP_DOMAINS.has(registrable(host));
}

/** The header variants Microsoft writes its results in, most telling first. */
const MICROSOFT_RESULT_HEADERS = [
  "authentication-results",
  "arc-authentication-results",
  "x-ms-exchange-authentication-results",
] as const;

function forefrontFields(value: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of value.slice(0, 4096).split(";")) {
    const colon = part.indexOf(":");
    if (colon <= 0) continue;
    out.set(
      part.slice(0, colon).trim().toUpperCase(),
      part
        .slice(colon + 1)
        .trim()
        .toUpperCase(),
    );
  }
  return out;
}

function sclOf(text: string | undefined): number | null {
  if (text === undefined || !/^-?\d$/.test(text.trim())) return null;
  return Number(text.trim());
}

/**
 * The receiver's filter verdict: the inbound (DIR:INB) X-Forefront-Antispam-Report with the highest spam confidence,
 * and the organisation's SCL header. Microsoft appends these anywhere in the header block, so place does not vouch
 * for them; they are read only once the receiver is known to be Microsoft, and only a bad verdict is ever used, which
 * no sender forges against itself.
 */
function filterVerdict(headers: readonly HeaderField[]): FilterVerdict | null {
  const reports: FilterVerdict[] = [];
  let organisationScl: number | null = null;
  for (const h of headers) {
    const name = h.name.toLowerCase();
    if (name === "x-forefront-antispam-report") {
      const fields = forefrontFields(h.value);
      if (fields.get("DIR") !== "INB") continue;
      reports.push({
        scl: sclOf(fields.get("SCL")),
        category: fields.get("CAT") || null,
        filter: fields.get("SFV") || null,
      });
    } else if (name === "x-ms-exchange-organization-scl") {
      const scl = sclOf(h.value);
      if (scl !== null) organisationScl = Math.max(organisationScl ?? scl, scl);
    }
  }
  const worst = reports.reduce<FilterVerdict | null>(
    (top, r) => (top === null || (r.scl ?? -2) > (top.scl ?? -2) ? r : top),
    null,
  );
  if (worst === null) return organisationScl === null ? null : { scl: organisationScl, category: null, filter: null };
  const scl = Math.max(worst.scl ?? -2, organisationScl ?? -2);
  return { ...worst, scl: scl === -2 ? null : scl };
}

/**
 * The results Microsoft 365 or Outlook.com wrote as the receiving system, or null. From the top, every Received hop
 * must be written by Microsoft's servers (by-host under outlook.com or office365.com); the run ends at the hop where
 * the message came in from outside (a from-host that is not Microsoft's, or another organisation's outbound
 * servers). A results header counts only inside that run, above a Microsoft hop: one below the receiver's first hop
 * was written before Microsoft had the message, by whoever sent it.
 */
export function microsoftReceiverResults(
  headers: readonly HeaderField[],
  hopOf: (receivedValue: string) => HopHosts,
): MicrosoftReceiverResults | null {
  const found = new Map<string, AuthenticationResultsHeader>();
  const pending: Array<readonly [string, AuthenticationResultsHeader]> = [];
  let entryHost: string | null = null;
  let lastMicrosoftHost: string | null = null;
  let hops = 0;
  for (const h of headers) {
    const name = h.name.toLowerCase();
    if (name === "received") {
      if (++hops > 50) break;
      const hop = hopOf(h.value);
      if (hop.byHost === null || isAddress(hop.byHost)) continue;
      if (!isMicrosoftHost(hop.byHost)) break;
      lastMicrosoftHost = hop.byHost;
      for (const [kind, parsed] of pending) if (!found.has(kind)) found.set(kind, parsed);
      pending.length = 0;
      const fromHost = hop.fromHost;
      const inside = fromHost === null || (isMicrosoftHost(fromHost) && !fromHost.endsWith(MICROSOFT_OUTBOUND));
      if (!inside) {
        entryHost = hop.byHost;
        break;
      }
      continue;
    }
    if (!(MICROSOFT_RESULT_HEADERS as readonly string[]).includes(name)) continue;
    const parsed = parseAuthenticationResults(h.value);
    // Microsoft's own header names no authserv-id; its ARC header names mx.microsoft.com.
    const own =
      name === "arc-authentication-results" ? parsed.authservId === "mx.microsoft.com" : parsed.authservId === "";
    if (own) pending.push([name, parsed]);
  }
  const results = MICROSOFT_RESULT_HEADERS.map((kind) => found.get(kind)).find((r) => r !== undefined);
  const receiverHost = entryHost ?? lastMicrosoftHost;
  if (results === undefined || receiverHost === null) return null;
  return { results, receiverHost, filter: filterVerdict(headers) };
}
