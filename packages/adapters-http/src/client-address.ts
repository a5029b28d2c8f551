// The client's address for the per-address limits (sign-in, sign-up, the checker page). Behind a load balancer the
// socket's peer is the balancer; with trusted proxies configured, the address comes from X-Forwarded-For, but only
// when the peer itself is one of them, and then as the rightmost hop that is not a trusted proxy: every hop to its
// right was appended by a proxy the operator trusts, every hop to its left is whatever the client chose to send.
// Without trusted proxies, or from any other peer, the header is ignored.
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";

/** Addresses and networks whose X-Forwarded-For is believed. */
export interface TrustedProxies {
  has(address: string): boolean;
}

/** An IPv4 address written inside IPv6 (::ffff:192.0.2.1) as plain IPv4; anything else as it is. */
function plain(address: string): string {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return v4mapped ? (v4mapped[1] as string) : address;
}

/** One hop of X-Forwarded-For as an address: ports and IPv6 brackets taken off; null when it is no address. */
function hopAddress(hop: string): string | null {
  let a = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1] as string;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  a = plain(a);
  return isIP(a) === 0 ? null : a;
}

/**
 * Parses a comma-separated list of addresses and CIDR networks (`10.0.0.0/8, 192.0.2.7, fd00::/8`). Returns the
 * entries it could not read in `invalid` (empty when all were fine).
 */
export function parseTrustedProxies(text: string): { readonly proxies: TrustedProxies; readonly invalid: string[] } {
  const list = new BlockList();
  const invalid: string[] = [];
  for (const raw of text.split(",")) {
    const entry = raw.trim();
    if (entry === "") continue;
    const [address = "", bits, extra] = entry.split("/");
    const family = isIP(address);
    const type = family === 6 ? "ipv6" : "ipv4";
    if (family === 0 || extra !== undefined) {
      invalid.push(entry);
      continue;
    }
    if (bits === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (!(prefix >= 0 && prefix <= (family === 6 ? 128 : 32))) {
      invalid.push(entry);
      continue;
    }
    list.addSubnet(address, prefix, type);
  }
  return {
    proxies: {
      has: (address) => {
        const a = plain(address);
        const family = isIP(a);
        return family !== 0 && list.check(a, family === 6 ? "ipv6" : "ipv4");
      },
    },
    invalid,
  };
}

/**
 * The address a request counts against: the socket's peer, or, when the peer is a trusted proxy, the rightmost hop
 * of X-Forwarded-For that is not one (the leftmost when all are; the last trusted hop when the next one is not an
 * address). Undefined only when the socket has no peer address.
 */
export function clientAddress(req: IncomingMessage, trusted: TrustedProxies | undefined): string | undefined {
  const peer = req.socket.remoteAddress;
  if (trusted === undefined || peer === undefined || !trusted.has(peer)) return peer === undefined ? peer : plain(peer);
  const sent = req.headers["x-forwarded-for"];
  const hops = (Array.isArray(sent) ? sent.join(",") : (sent ?? "")).split(",").filter((h) => h.trim() !== "");
  let client = plain(peer);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hopAddress(hops[i] as string);
    if (hop === null) return client;
    client = hop;
    if (!trusted.has(hop)) return hop;
  }
  return client;
}
