// The one gate for outbound connections: URL scheme/port/name rules before a request and a DNS answer check at
// connect time, so a name that resolves (or re-resolves) to a private address is never connected to.

import { lookup } from "node:dns/promises";
import { classifyAddress, ipLiteralOf, type AddressClass } from "./ip-address.js";

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address (A and AAAA). An empty list means the name does not exist. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export type BlockReason =
  "scheme" | "port" | "host_name" | "credentials" | "no_address" | `address_${Exclude<AddressClass, "public">}`;

export class BlockedDestinationError extends Error {
  override readonly name = "BlockedDestinationError";
  constructor(
    readonly reason: BlockReason,
    readonly destination: string,
  ) {
    super(`Refused outbound connection to ${destination}: ${reason}`);
  }
}

export interface AddressGuardOptions {
  readonly resolver?: Resolver;
  /**
   * Test-only: lets connections reach loopback addresses (any port), so tests can talk to 127.0.0.1 servers.
   * Off by default; production configuration never sets it.
   */
  readonly allowLoopbackForTests?: boolean;
}

export interface AddressGuard {
  readonly allowLoopbackForTests: boolean;
  /** Throws BlockedDestinationError when the URL may never be fetched (scheme, port, credentials, name, literal IP). */
  checkUrl(url: URL): void;
  /** Resolves and checks every address of the host; returns the one to connect to or throws BlockedDestinationError. */
  resolve(hostname: string, port: number): Promise<ResolvedAddress>;
}

const ALLOWED_PORTS = new Set([80, 443]);
const BLOCKED_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".localdomain", ".intranet", ".lan"];

export const systemResolver: Resolver = async (hostname) => {
  try {
    const all = await lookup(hostname, { all: true, verbatim: true });
    return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "ENOTFOUND" || code === "ENODATA") return [];
    throw err;
  }
};

/** The port a URL or a connection's origin reaches: the one given, else the scheme's default. */
export function effectivePort(url: { readonly port: string; readonly protocol: string }): number {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

export function createAddressGuard(options: AddressGuardOptions = {}): AddressGuard {
  const resolver = options.resolver ?? systemResolver;
  const allowLoopback = options.allowLoopbackForTests === true;

  const addressAllowed = (ip: string): AddressClass | null => {
    const cls = classifyAddress(ip);
    if (cls === "public") return null;
    if (cls === "loopback" && allowLoopback) return null;
    return cls;
  };

  const checkName = (hostname: string): void => {
    const name = hostname.toLowerCase().replace(/\.$/, "");
    if (name === "localhost" || BLOCKED_SUFFIXES.some((s) => name.endsWith(s)) || !name.includes(".")) {
      throw new BlockedDestinationError("host_name", hostname);
    }
  };

  const checkPort = (port: number, address: string, destination: string): void => {
    if (ALLOWED_PORTS.has(port)) return;
    if (allowLoopback && classifyAddress(address) === "loopback") return;
    throw new BlockedDestinationError("port", destination);
  };

  return {
    allowLoopbackForTests: allowLoopback,
    checkUrl(url) {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw new BlockedDestinationError("scheme", url.href);
      }
      if (url.username !== "" || url.password !== "") throw new BlockedDestinationError("credentials", url.host);
      const literal = ipLiteralOf(url.hostname);
      if (literal !== null) {
        const bad = addressAllowed(literal);
        if (bad !== null) throw new BlockedDestinationError(`address_${bad}` as BlockReason, url.host);
        checkPort(effectivePort(url), literal, url.host);
        return;
      }
      checkName(url.hostname);
      // A name can only earn a non-standard port by resolving to loopback, which resolve() decides.
      if (!ALLOWED_PORTS.has(effectivePort(url)) && !allowLoopback) throw new BlockedDestinationError("port", url.host);
    },
    async resolve(hostname, port) {
      const bare = ipLiteralOf(hostname);
      const destination = `${hostname}:${port}`;
      let addresses: readonly ResolvedAddress[];
      if (bare !== null) {
        addresses = [{ address: bare, family: bare.includes(":") ? 6 : 4 }];
      } else {
        checkName(hostname);
        addresses = await resolver(hostname);
      }
      if (addresses.length === 0) throw new BlockedDestinationError("no_address", destination);
      // Every answer must be public: a mixed answer is how rebinding attacks hedge.
      for (const a of addresses) {
        const bad = addressAllowed(a.address);
        if (bad !== null) throw new BlockedDestinationError(`address_${bad}` as BlockReason, destination);
      }
      const chosen = addresses[0] as ResolvedAddress;
      checkPort(port, chosen.address, destination);
      return chosen;
    },
  };
}
