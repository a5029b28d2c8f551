// The client address behind trusted proxies: X-Forwarded-For is believed only from a trusted peer, and then only up
// to the rightmost hop that is not a trusted proxy; anything else a client writes into the header changes nothing.
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustedProxies } from "@scamverify/adapters-http";

const request = (peer: string | undefined, forwarded?: string | string[]): IncomingMessage =>
  ({
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
  }) as unknown as IncomingMessage;

const trusted = (list: string) => {
  const parsed = parseTrustedProxies(list);
  expect(parsed.invalid).toEqual([]);
  return parsed.proxies;
};

describe("parseTrustedProxies", () => {
  it("reads addresses and networks of both families, and names the entries it cannot read", () => {
    const { proxies, invalid } = parseTrustedProxies(
      " 10.0.0.0/8, 192.0.2.7 ,fd00::/8,, 2001:db8::1, 10.0.0.0/33, proxy.example, 1.2.3.4/8/1, ::/x",
    );
    expect(invalid).toEqual(["10.0.0.0/33", "proxy.example", "1.2.3.4/8/1", "::/x"]);
    expect(
      ["10.20.30.40", "192.0.2.7", "::ffff:192.0.2.7", "fd12::5", "2001:db8::1"].map((a) => proxies.has(a)),
    ).toEqual([true, true, true, true, true]);
    expect(["11.0.0.1", "192.0.2.8", "fe80::1", "2001:db8::2", "not-an-address"].map((a) => proxies.has(a))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("clientAddress", () => {
  it("is the socket's peer without trusted proxies, whatever X-Forwarded-For says", () => {
    expect(clientAddress(request("203.0.113.9", "198.51.100.1"), undefined)).toBe("203.0.113.9");
    expect(clientAddress(request("::ffff:203.0.113.9"), undefined)).toBe("203.0.113.9");
    expect(clientAddress(request(undefined), undefined)).toBeUndefined();
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy (a client spoofing its address)", () => {
    const proxies = trusted("10.0.0.0/8");
    expect(clientAddress(request("203.0.113.9", "198.51.100.1"), proxies)).toBe("203.0.113.9");
    expect(clientAddress(request("203.0.113.9", ["10.0.0.5", "198.51.100.1"]), proxies)).toBe("203.0.113.9");
  });

  it("takes the rightmost untrusted hop from a trusted peer, never the hops a client wrote before it", () => {
    const proxies = trusted("10.0.0.0/8, 192.0.2.7");
    // The client sent a made-up X-Forwarded-For; the balancer appended the address it saw.
    expect(clientAddress(request("10.0.0.2", "1.1.1.1, 203.0.113.9"), proxies)).toBe("203.0.113.9");
    // Two proxies in a row: both trusted hops are skipped.
    expect(clientAddress(request("10.0.0.2", "1.1.1.1, 203.0.113.9, 192.0.2.7"), proxies)).toBe("203.0.113.9");
    // The header sent twice counts as one list, in order.
    expect(clientAddress(request("10.0.0.2", ["1.1.1.1", "203.0.113.9, 10.1.1.1"]), proxies)).toBe("203.0.113.9");
    // Ports and IPv6 brackets are taken off; an IPv4 address inside IPv6 is plain IPv4.
    expect(clientAddress(request("10.0.0.2", "203.0.113.9:5123"), proxies)).toBe("203.0.113.9");
    expect(clientAddress(request("10.0.0.2", "[2001:db8::9]:443"), proxies)).toBe("2001:db8::9");
    expect(clientAddress(request("::ffff:10.0.0.2", "::ffff:203.0.113.9"), proxies)).toBe("203.0.113.9");
  });

  it("falls back to the last trusted hop when the header is missing, all trusted, or not an address", () => {
    const proxies = trusted("10.0.0.0/8");
    expect(clientAddress(request("10.0.0.2"), proxies)).toBe("10.0.0.2");
    expect(clientAddress(request("10.0.0.2", ""), proxies)).toBe("10.0.0.2");
    expect(clientAddress(request("10.0.0.2", "10.9.9.9, 10.0.0.3"), proxies)).toBe("10.9.9.9");
    expect(clientAddress(request("10.0.0.2", "203.0.113.9, unknown, 10.0.0.3"), proxies)).toBe("10.0.0.3");
  });
});
