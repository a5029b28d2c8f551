// The Received chain of a message read as its route (hops, first and last relay, delay) and the header lookups
// the forensics share.

import type { ParsedMail } from "../../ports/mail-reader.js";
import type { HeaderAnalysis } from "./header-analysis-schema.js";
import { registrable } from "./sender-brand.js";

export function findHeader(mail: ParsedMail, name: string): string[] {
  const lower = name.toLowerCase();
  return mail.headers.filter((h) => h.name.toLowerCase() === lower).map((h) => h.value);
}

export function recipientDomains(mail: ParsedMail): string[] {
  const out = new Set<string>();
  for (const value of [...findHeader(mail, "to"), ...findHeader(mail, "delivered-to")]) {
    for (const m of value.matchAll(/@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi)) {
      const reg = registrable((m[1] ?? "").toLowerCase());
      if (reg !== null) out.add(reg);
    }
    if (out.size >= 20) break;
  }
  return [...out];
}

function seconds(iso: string | null): number | null {
  if (iso === null) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t / 1000;
}

export function receivedSummary(mail: ParsedMail): HeaderAnalysis["received"] {
  const hops = mail.received;
  const firstExternal = hops.find((h) => h.external) ?? null;
  let maxGap: number | null = null;
  let outOfOrder = false;
  let newest: number | null = null;
  let oldest: number | null = null;
  let previous: number | null = null;
  for (const hop of hops) {
    const t = seconds(hop.timestamp);
    if (t === null) continue;
    newest ??= t;
    oldest = t;
    if (previous !== null) {
      const gap = previous - t;
      // Clocks of relays drift by minutes; a hop an hour "before" the one that handed it on was written by hand.
      if (gap < -3600) outOfOrder = true;
      maxGap = Math.max(maxGap ?? 0, gap);
    }
    previous = t;
  }
  return {
    hops: hops.length,
    first_external_ip: firstExternal?.fromIp ?? null,
    first_external_host: firstExternal?.fromHost ?? null,
    total_delay_seconds: newest !== null && oldest !== null ? Math.max(0, newest - oldest) : null,
    max_gap_seconds: maxGap,
    out_of_order: outOfOrder,
  };
}
