// The DNS resolver for email authentication online: the system's resolvers through node:dns/promises, one try per
// query with a timeout, answers in the shapes mailauth expects (TXT as arrays of strings).
import { Resolver } from "node:dns/promises";
import type { DnsResolver } from "./mailauth-email-authenticator.js";

export interface SystemDnsResolverOptions {
  /** Per-query timeout. */
  readonly timeoutMs?: number;
  /** Resolver addresses ("8.8.8.8", "[2001:db8::1]:53"); the system's when absent. */
  readonly servers?: readonly string[];
}

export function createSystemDnsResolver(opts: SystemDnsResolverOptions = {}): DnsResolver {
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 2_000, tries: 1 });
  if (opts.servers !== undefined && opts.servers.length > 0) resolver.setServers([...opts.servers]);
  return (name, rrtype) => resolver.resolve(name, rrtype);
}

/**
 * The resolver when network inspection is off: every query fails at once as unreachable, so SPF, DKIM and DMARC
 * never read as fail (as unknown when the authenticator's connectivity probe says there is no network), and what a
 * trusted receiver wrote in Authentication-Results is still read.
 */
export function createOfflineDnsResolver(): DnsResolver {
  const offline = Object.assign(new Error("network inspection is off"), { code: "ETIMEOUT" });
  return () => Promise.reject(offline);
}
