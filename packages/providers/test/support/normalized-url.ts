// Builds NormalizedUrl values for tests the same way the core normalizer documents them (WHATWG + public suffix list).

import type { NormalizedUrl } from "@scamverify/core";
import { parse } from "tldts";

export function nurl(raw: string): NormalizedUrl {
  const u = new URL(raw);
  u.hash = "";
  const host = u.hostname.startsWith("[") ? u.hostname.slice(1, -1) : u.hostname;
  const info = parse(host);
  const isIp = info.isIp === true;
  const registrable = isIp ? null : (info.domain ?? null);
  return {
    href: u.href,
    scheme: u.protocol === "https:" ? "https" : "http",
    host,
    hostUnicode: host,
    port: u.port === "" ? null : Number(u.port),
    path: u.pathname,
    query: u.search,
    registrableDomain: registrable,
    publicSuffix: isIp ? null : (info.publicSuffix ?? null),
    subdomain: info.subdomain ?? "",
    isIp,
    hasCredentials: u.username !== "" || u.password !== "",
  };
}
