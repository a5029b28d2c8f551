// Reads Authentication-Results headers (RFC 8601) into per-method results, and decides which of them a trusted
// receiving server wrote: its authserv-id must be one the operator trusts, and the header must sit above every
// Received hop written outside that receiver, so a sender cannot plant one lower down.
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
}

const RESULTS = new Set<AuthResult>(["pass", "fail", "softfail", "neutral", "none", "temperror", "permerror"]);

function toResult(word: string): AuthResult {
  const w = word.toLowerCase();
  if (w === "temperr") return "temperror";
  if (w === "permerr") return "permerror";
  if (w === "hardfail") return "fail";
  if (w === "policy") return "fail";
  return RESULTS.has(w as AuthResult) ? (w as AuthResult) : "unknown";
}

/** One Authentication-Results header value. */
export function parseAuthenticationResults(value: string): AuthenticationResultsHeader {
  const segments = value.replace(/\s+/g, " ").slice(0, 16_384).split(";");
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
    for (const p of bare.slice(m[0].length).matchAll(/([a-z]+\.[a-z-]+|policy\.[a-z-]+)\s*=\s*("[^"]*"|[^\s;]+)/gi)) {
      props[(p[1] ?? "").toLowerCase()] = (p[2] ?? "").replace(/^"|"$/g, "");
    }
    const comment = comments.join(" ");
    // Gmail writes the DMARC policy in a comment: "(p=REJECT sp=REJECT dis=NONE)".
    const policy = /\bp=([a-z]+)/i.exec(comment)?.[1];
    if (policy !== undefined) props["policy.p"] = policy.toLowerCase();
    const r: MethodResult = { result: toResult(m[2] ?? ""), props, comment };
    if (method === "spf" && spf === null) spf = r;
    else if (method === "dkim") dkim.push(r);
    else if (method === "dmarc" && dmarc === null) dmarc = r;
    else if (method === "arc" && arc === null) arc = r;
  }
  return { authservId, spf, dkim, dmarc, arc };
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
