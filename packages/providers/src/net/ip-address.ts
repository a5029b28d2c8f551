// Classifies IP addresses for the outbound guard: only public unicast space may be reached. IPv6 forms that carry
// an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by the address they carry.

import { isIP } from "node:net";

export type AddressClass =
  | "public"
  | "unspecified"
  | "loopback"
  | "private"
  | "link_local"
  | "shared_cgnat"
  | "metadata"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "documentation"
  | "unique_local"
  | "tunnel"
  | "invalid";

function parseIpv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

/** Eight 16-bit groups, or null when the text is no IPv6 address. */
function parseIpv6(text: string): number[] | null {
  let input = text;
  const zone = input.indexOf("%");
  if (zone >= 0) input = input.slice(0, zone);
  if (isIP(input) !== 6) return null;
  let tail: number[] = [];
  const lastColon = input.lastIndexOf(":");
  const last = input.slice(lastColon + 1);
  if (last.includes(".")) {
    const v4 = parseIpv4(last);
    if (v4 === null) return null;
    tail = [Math.floor(v4 / 65536), v4 % 65536];
    input = input.slice(0, lastColon + 1) + "0";
  }
  const halves = input.split("::");
  const toGroups = (s: string): number[] => (s === "" ? [] : s.split(":").map((g) => parseInt(g, 16)));
  let groups: number[];
  if (halves.length === 2) {
    const head = toGroups(halves[0] ?? "");
    const rest = toGroups(halves[1] ?? "");
    const fill = 8 - head.length - rest.length - (tail.length > 0 ? 1 : 0);
    groups = [...head, ...new Array<number>(Math.max(fill, 0)).fill(0), ...rest];
  } else {
    groups = toGroups(input);
  }
  if (tail.length > 0) groups = [...groups.slice(0, groups.length - 1), ...tail];
  return groups.length === 8 ? groups : null;
}

function inV4(addr: number, base: string, bits: number): boolean {
  const b = parseIpv4(base);
  if (b === null) return false;
  const size = 2 ** (32 - bits);
  return Math.floor(addr / size) === Math.floor(b / size);
}

const V4_RANGES: readonly (readonly [string, number, AddressClass])[] = [
  ["169.254.169.254", 32, "metadata"],
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared_cgnat"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link_local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "tunnel"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["255.255.255.255", 32, "broadcast"],
  ["240.0.0.0", 4, "reserved"],
];

function classifyV4(addr: number): AddressClass {
  for (const [base, bits, cls] of V4_RANGES) if (inV4(addr, base, bits)) return cls;
  return "public";
}

function classifyV6(g: readonly number[]): AddressClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embedded = g6 * 65536 + g7;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0 && g6 === 0 && g7 === 0) return "unspecified";
  if (upperZero && g5 === 0 && g6 === 0 && g7 === 1) return "loopback";
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (deprecated compatible) and ::ffff:0:a.b.c.d (SIIT) reach the v4 address.
  if (upperZero && (g5 === 0xffff || g5 === 0)) return classifyV4(embedded);
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return classifyV4(embedded);
  // NAT64 well-known prefix: the gateway connects to the embedded address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return classifyV4(embedded);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return "private";
  // 6to4 carries the v4 address in bits 16..47.
  if (g0 === 0x2002) {
    const inner = classifyV4(g1 * 65536 + g2);
    return inner === "public" ? "tunnel" : inner;
  }
  if (g0 === 0xfd00 && g1 === 0x0ec2 && upperZeroFrom(g, 2, 7) && g7 === 0x254) return "metadata";
  if ((g0 & 0xfe00) === 0xfc00) return "unique_local";
  if ((g0 & 0xffc0) === 0xfe80) return "link_local";
  if ((g0 & 0xffc0) === 0xfec0) return "private";
  if ((g0 & 0xff00) === 0xff00) return "multicast";
  if ((g0 & 0xe000) !== 0x2000) return "reserved";
  // Teredo (2001:0::/32) and the rest of the IETF protocol block 2001::/23 are not ordinary hosts.
  if (g0 === 0x2001 && g1 === 0) return "tunnel";
  if (g0 === 0x2001 && g1 < 0x200) return "reserved";
  if (g0 === 0x2001 && g1 === 0x0db8) return "documentation";
  if (g0 === 0x3fff && g1 < 0x1000) return "documentation";
  return "public";
}

function upperZeroFrom(g: readonly number[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if ((g[i] ?? 0) !== 0) return false;
  return true;
}

/** Classifies an IP literal (IPv6 without brackets, optionally with a zone). "invalid" when not an IP. */
export function classifyAddress(ip: string): AddressClass {
  const v4 = parseIpv4(ip);
  if (v4 !== null) return classifyV4(v4);
  const v6 = parseIpv6(ip);
  if (v6 !== null) return classifyV6(v6);
  return "invalid";
}

/** IP literal of a URL host ("[::1]" -> "::1"), or null when the host is a name. */
export function ipLiteralOf(host: string): string | null {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return isIP(bare) === 0 ? null : bare;
}
