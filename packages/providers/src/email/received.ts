// Reads Received header values ("from a.example (a.example [192.0.2.1]) by mx.b.example with ESMTPS id x; <date>")
// into hops, and tells public addresses from private ones so the first external hop can be found.
import { isIP } from "node:net";
import type { ReceivedHop } from "@scamverify/core";

const IP_IN_BRACKETS = /\[(?:IPv6:)?([0-9a-f:.]+)\]/i;
const BARE_IPV4 = /\b((?:\d{1,3}\.){3}\d{1,3})\b/;

/** true for publicly routable IPv4/IPv6 addresses. */
export function isPublicIp(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) {
    const [a = 0, b = 0] = ip.split(".").map(Number);
    if (a === 10 || a === 127 || a === 0 || a >= 224) return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 169 && b === 254) return false;
    if (a === 100 && b >= 64 && b <= 127) return false;
    return true;
  }
  if (kind === 6) {
    const v = ip.toLowerCase();
    if (v === "::1" || v === "::") return false;
    if (v.startsWith("fe80") || v.startsWith("fc") || v.startsWith("fd")) return false;
    if (v.startsWith("::ffff:")) return isPublicIp(v.slice(7));
    return true;
  }
  return false;
}

function clause(value: string, keyword: string): string | null {
  const m = new RegExp(`(?:^|\\s)${keyword}\\s+([^\\s;()]+)`, "i").exec(value);
  return m?.[1] ?? null;
}

/** One Received header value as a hop. */
export function parseReceived(value: string): ReceivedHop {
  const v = value.replace(/\s+/g, " ").slice(0, 4096);
  const semi = v.lastIndexOf(";");
  const head = semi === -1 ? v : v.slice(0, semi);
  const dateText = semi === -1 ? null : v.slice(semi + 1).trim();
  const byAt = head.search(/(?:^|\s)by\s/i);
  const fromPart = byAt === -1 ? head : head.slice(0, byAt);
  const fromHost = /^\s*from\s/i.test(fromPart) ? clause(fromPart, "from") : null;
  let fromIp: string | null = null;
  const bracketed = IP_IN_BRACKETS.exec(fromPart);
  if (bracketed?.[1] !== undefined && isIP(bracketed[1]) !== 0) fromIp = bracketed[1];
  else {
    const bare = BARE_IPV4.exec(fromPart);
    if (bare?.[1] !== undefined && isIP(bare[1]) !== 0) fromIp = bare[1];
  }
  const byHost = byAt === -1 ? null : clause(head.slice(byAt), "by");
  const protocol = clause(head, "with");
  const t = dateText !== null && dateText !== "" ? Date.parse(dateText.replace(/\s*\([^)]*\)\s*$/, "")) : Number.NaN;
  return {
    fromHost: fromHost?.toLowerCase().replace(/\.$/, "") ?? null,
    fromIp,
    external: fromIp !== null && isPublicIp(fromIp),
    byHost: byHost?.toLowerCase().replace(/\.$/, "") ?? null,
    protocol,
    timestamp: Number.isNaN(t) ? null : new Date(t).toISOString(),
  };
}
