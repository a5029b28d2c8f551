// Inspects a URL over the network, every connection through the address guard: redirect chain (redirect_count,
// final_url), TLS certificate (ssl_issuer, ssl_age_days), DNS presence, and RDAP registration found through the
// IANA bootstrap (domain_age_days, registrar). A missing address record is a finding only while names that must exist
// resolve through the same resolver; with no network the source says unavailable, at once, instead of guessing. When
// nothing answers, not even the RDAP service, the inspector switches itself off for a minute (the connectivity
// verdict's life): every lookup meanwhile answers unavailable at once, with when it tries again, and so does paused().

import { connect as tlsConnect, type PeerCertificate } from "node:tls";
import {
  isShortenerHost,
  type Clock,
  type Evidence,
  type Factor,
  type NormalizedUrl,
  type SignalSource,
} from "@scamverify/core";
import { getDomain } from "tldts";
import { BlockedDestinationError, systemResolver, type Resolver } from "../net/address-guard.js";
import { SafeFetchError, type SafeFetcher } from "../net/safe-fetch.js";
import { createConnectivityProbe, type ConnectivityProbe } from "./connectivity.js";

export const IANA_RDAP_DNS_BOOTSTRAP = "https://data.iana.org/rdap/dns.json";
const DAY_MS = 86_400_000;

export interface NetworkInspectorConfig {
  readonly fetcher: SafeFetcher;
  readonly clock: Clock;
  /** Plain resolver for the DNS presence check; the fetcher's guard does its own resolution for connections. */
  readonly resolver?: Resolver;
  readonly rdapBootstrapUrl?: string;
  /** How long the bootstrap file is reused; default 24 h. */
  readonly bootstrapTtlMs?: number;
  /** Budget of each part (redirects, TLS, RDAP); they run in parallel. */
  readonly partTimeoutMs?: number;
  /**
   * Whether the machine is online; default a probe of names that must exist through `resolver`, kept a minute.
   * Pass one to share it between inspectors or to script it in tests.
   */
  readonly connectivity?: ConnectivityProbe;
}

export interface RdapRegistration {
  readonly registeredAt: Date | null;
  readonly registrar: string | null;
}

/** Reads registration date and registrar (entity with role "registrar", vCard fn) from an RDAP domain object. */
export function fromRdapDomain(body: unknown): RdapRegistration {
  const b = (body ?? {}) as { events?: unknown; entities?: unknown };
  let registeredAt: Date | null = null;
  if (Array.isArray(b.events)) {
    for (const e of b.events as { eventAction?: unknown; eventDate?: unknown }[]) {
      if (e?.eventAction === "registration" && typeof e.eventDate === "string") {
        const d = new Date(e.eventDate);
        if (!Number.isNaN(d.getTime())) registeredAt = d;
      }
    }
  }
  let registrar: string | null = null;
  if (Array.isArray(b.entities)) {
    for (const ent of b.entities as { roles?: unknown; vcardArray?: unknown }[]) {
      if (!Array.isArray(ent?.roles) || !(ent.roles as unknown[]).includes("registrar")) continue;
      const card = Array.isArray(ent.vcardArray) ? (ent.vcardArray[1] as unknown) : undefined;
      if (Array.isArray(card)) {
        for (const prop of card as unknown[][]) {
          if (Array.isArray(prop) && prop[0] === "fn" && typeof prop[3] === "string" && prop[3] !== "")
            registrar = prop[3];
        }
      }
      if (registrar !== null) break;
    }
  }
  return { registeredAt, registrar };
}

/** RDAP base URLs for a domain from the IANA bootstrap (`services: [[[tlds...], [urls...]], ...]`), longest label match. */
export function rdapBaseUrls(bootstrap: unknown, domain: string): string[] {
  const services = (bootstrap as { services?: unknown } | null)?.services;
  if (!Array.isArray(services)) return [];
  const labels = domain.toLowerCase().split(".");
  let best: string[] = [];
  let bestLen = 0;
  for (const service of services as unknown[]) {
    if (!Array.isArray(service)) continue;
    const [suffixes, urls] = service as [unknown, unknown];
    if (!Array.isArray(suffixes) || !Array.isArray(urls)) continue;
    for (const s of suffixes as unknown[]) {
      if (typeof s !== "string") continue;
      const n = s.split(".").length;
      if (n > bestLen && labels.slice(-n).join(".") === s.toLowerCase()) {
        bestLen = n;
        best = (urls as unknown[]).filter((u): u is string => typeof u === "string");
      }
    }
  }
  // Prefer https bases, as the bootstrap lists both where a registry offers both.
  return [...best].sort((a, b) => Number(b.startsWith("https:")) - Number(a.startsWith("https:")));
}

interface CertInfo {
  readonly issuer: string | null;
  readonly validFrom: Date | null;
  readonly authorized: boolean;
}

function issuerName(cert: PeerCertificate): string | null {
  const issuer = cert.issuer as unknown as Record<string, string | string[] | undefined> | undefined;
  const pick = (v: string | string[] | undefined): string | null => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null));
  return pick(issuer?.["O"]) ?? pick(issuer?.["CN"]);
}

const TLS_TIMEOUT_MESSAGE = "TLS handshake timed out";

/** Socket errors that mean this machine could not reach anyone, not that one server refused. */
const NO_ROUTE_CODES = new Set([
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTUNREACH",
  "ETIMEDOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_SOCKET",
]);

function errorCode(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let depth = 0; cur !== null && typeof cur === "object" && depth < 5; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && NO_ROUTE_CODES.has(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Whether a failure says "could not get through" rather than "the server answered badly". `nameMustExist` is set
 * for servers the inspector depends on (the RDAP registry): their name not resolving is a network fault too.
 */
export function isConnectivityFailure(err: unknown, nameMustExist = false): boolean {
  if (err instanceof SafeFetchError) {
    if (err.code === "network" || err.code === "timeout") return true;
    if (err.code === "blocked" && nameMustExist)
      return err.cause instanceof BlockedDestinationError && err.cause.reason === "no_address";
    return false;
  }
  if (err instanceof BlockedDestinationError) return nameMustExist && err.reason === "no_address";
  if (errorCode(err) !== undefined) return true;
  return err instanceof Error && err.message === TLS_TIMEOUT_MESSAGE;
}

/** Whether the guard refused the destination for its address (private, loopback, ...), not for a URL rule. */
function refusedForAddress(err: unknown): boolean {
  const refusal = err instanceof SafeFetchError && err.code === "blocked" ? err.cause : err;
  return refusal instanceof BlockedDestinationError && refusal.reason.startsWith("address_");
}

/** A fetch refused because the name it was sent to has no address at all (nothing private about it). */
function noAddress(err: SafeFetchError): boolean {
  return err.code === "blocked" && err.cause instanceof BlockedDestinationError && err.cause.reason === "no_address";
}

/** An RDAP server answered, but not with a registration: proof of connectivity, not of absence. */
class RdapAnswerError extends Error {
  override readonly name = "RdapAnswerError";
}

export function createNetworkInspector(config: NetworkInspectorConfig): SignalSource<NormalizedUrl> {
  const resolver = config.resolver ?? systemResolver;
  const bootstrapUrl = config.rdapBootstrapUrl ?? IANA_RDAP_DNS_BOOTSTRAP;
  const ttl = config.bootstrapTtlMs ?? DAY_MS;
  const partTimeout = config.partTimeoutMs ?? 5_000;
  const connectivity = config.connectivity ?? createConnectivityProbe({ resolver, clock: config.clock });
  let bootstrap: { at: number; body: unknown } | null = null;

  async function loadBootstrap(signal: AbortSignal): Promise<unknown> {
    const now = config.clock.now().getTime();
    if (bootstrap !== null && now - bootstrap.at < ttl) return bootstrap.body;
    const res = await config.fetcher.fetch(bootstrapUrl, { timeoutMs: partTimeout, maxBytes: 2 * 1024 * 1024, signal });
    if (res.status !== 200) throw new RdapAnswerError(`RDAP bootstrap answered HTTP ${res.status}`);
    const body = res.json();
    bootstrap = { at: now, body };
    return body;
  }

  async function rdap(domain: string, signal: AbortSignal): Promise<RdapRegistration> {
    const bases = rdapBaseUrls(await loadBootstrap(signal), domain);
    const base = bases[0];
    if (base === undefined) throw new Error(`no RDAP service for ${domain}`);
    const res = await config.fetcher.fetch(`${base.endsWith("/") ? base : `${base}/`}domain/${domain}`, {
      headers: { accept: "application/rdap+json, application/json" },
      timeoutMs: partTimeout,
      maxBytes: 1024 * 1024,
      signal,
    });
    if (res.status === 404) throw new RdapAnswerError(`RDAP has no record of ${domain}`);
    if (res.status !== 200) throw new RdapAnswerError(`RDAP answered HTTP ${res.status}`);
    return fromRdapDomain(res.json());
  }

  async function certificate(url: NormalizedUrl, signal: AbortSignal): Promise<CertInfo> {
    const port = url.port ?? 443;
    const target = await config.fetcher.guard.resolve(url.host, port);
    return new Promise<CertInfo>((resolve, reject) => {
      const socket = tlsConnect({
        host: target.address,
        port,
        ...(url.isIp ? {} : { servername: url.host }),
        // The certificate is inspected, not trusted: invalid ones are findings, not failures.
        rejectUnauthorized: false,
      });
      const timer = setTimeout(() => socket.destroy(new Error(TLS_TIMEOUT_MESSAGE)), partTimeout);
      const abort = (): void => {
        socket.destroy(new Error("aborted"));
      };
      signal.addEventListener("abort", abort, { once: true });
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener("abort", abort);
      };
      socket.once("secureConnect", () => {
        const cert = socket.getPeerCertificate();
        const validFrom = cert.valid_from ? new Date(cert.valid_from) : null;
        done();
        resolve({
          issuer: issuerName(cert),
          validFrom: validFrom !== null && !Number.isNaN(validFrom.getTime()) ? validFrom : null,
          authorized: socket.authorized,
        });
        socket.end();
      });
      socket.once("error", (err) => {
        done();
        reject(err);
      });
    });
  }

  return {
    name: "network",
    weight: 0.6,
    timeoutMs: partTimeout * 2 + 1_000,
    paused() {
      const off = connectivity.offlineNow();
      return off === null ? null : { until: off.until, reason: `no network: ${off.reason}` };
    },
    async check(url, ctx): Promise<Evidence> {
      const now = config.clock.now().getTime();
      const emptySignals = (): Record<string, unknown> => ({
        domain_age_days: null,
        registrar: null,
        ssl_issuer: null,
        ssl_age_days: null,
        redirect_count: null,
        final_url: null,
      });
      const offline = (state: { readonly reason: string; readonly until?: Date | undefined }): Evidence => ({
        source: "network",
        status: "unavailable",
        reason:
          state.until === undefined
            ? `no network: ${state.reason}`
            : `no network: ${state.reason}; paused until ${state.until.toISOString()}`,
        signals: emptySignals(),
        factors: [],
        ...(state.until !== undefined ? { until: state.until } : {}),
      });
      const state = await connectivity.state();
      if (!state.online) return offline(state);

      // Whether any remote party answered at all, and the failures that say nobody could be reached.
      let reached = false;
      const noRoute: string[] = [];
      const factors: Factor[] = [];
      const problems: string[] = [];
      const signals = emptySignals();
      let privateTarget = false;
      const add = (id: string, label: string, points: number): void => {
        factors.push({ id, source: "network", label, points });
      };

      const dnsPart = url.isIp
        ? Promise.resolve(null)
        : resolver(url.host).then(
            (addresses) => {
              if (addresses.length === 0) add("no_dns_records", `${url.host} has no address records`, 40);
              return addresses;
            },
            () => {
              problems.push("dns lookup failed");
              return null;
            },
          );

      const redirectPart = config.fetcher
        .fetch(url.href, { discardBody: true, timeoutMs: partTimeout, signal: ctx.signal })
        .then(
          (res) => {
            reached = true;
            signals["redirect_count"] = res.redirects.length;
            signals["final_url"] = res.url;
            return res.url;
          },
          (err: unknown) => {
            // Where a chain that did redirect ended, though that site did not answer (a lure's site is often taken
            // down first): reached, with where it led.
            const ledSomewhere = (e: SafeFetchError): void => {
              reached = true;
              signals["redirect_count"] = e.redirects.length;
              if (e.target !== null) signals["final_url"] = e.target;
            };
            if (err instanceof SafeFetchError && err.code === "too_many_redirects") {
              signals["redirect_count"] = err.redirects.length;
              add("redirect_chain_too_long", `The URL redirects more than ${err.redirects.length - 1} times`, 45);
            } else if (err instanceof SafeFetchError && err.redirects.length > 0 && noAddress(err)) {
              // A name with no address is nothing private: where the chain led, not a finding.
              ledSomewhere(err);
            } else if (err instanceof SafeFetchError && err.code === "blocked" && err.redirects.length > 0) {
              signals["redirect_count"] = err.redirects.length;
              add("redirects_to_private_network", "The URL redirects to a private or reserved network address", 60);
            } else if (refusedForAddress(err)) {
              privateTarget = true;
            } else {
              if (err instanceof SafeFetchError && err.redirects.length > 0) ledSomewhere(err);
              if (isConnectivityFailure(err)) noRoute.push("fetch");
              problems.push(`fetch: ${err instanceof Error ? err.message : String(err)}`);
            }
            return null;
          },
        );

      const tlsPart =
        url.scheme === "https"
          ? certificate(url, ctx.signal).then(
              (cert) => {
                reached = true;
                signals["ssl_issuer"] = cert.issuer;
                if (cert.validFrom !== null) {
                  const age = Math.floor((now - cert.validFrom.getTime()) / DAY_MS);
                  signals["ssl_age_days"] = age;
                  if (age < 7)
                    add("ssl_recently_issued", `The TLS certificate was issued ${Math.max(age, 0)} days ago`, 15);
                }
                if (!cert.authorized)
                  add("ssl_untrusted", "The TLS certificate is not trusted (self-signed or invalid)", 40);
              },
              (err: unknown) => {
                if (refusedForAddress(err)) {
                  privateTarget = true;
                } else {
                  if (isConnectivityFailure(err)) noRoute.push("tls");
                  problems.push(`tls: ${err instanceof Error ? err.message : String(err)}`);
                }
              },
            )
          : Promise.resolve();

      const rdapPart =
        url.registrableDomain === null
          ? Promise.resolve()
          : rdap(url.registrableDomain, ctx.signal).then(
              (reg) => {
                reached = true;
                signals["registrar"] = reg.registrar;
                if (reg.registeredAt !== null) {
                  const age = Math.floor((now - reg.registeredAt.getTime()) / DAY_MS);
                  signals["domain_age_days"] = age;
                  if (age < 30) add("domain_very_young", `The domain was registered ${Math.max(age, 0)} days ago`, 70);
                  else if (age < 180) add("domain_young", `The domain was registered ${age} days ago`, 35);
                  else if (age >= 5 * 365)
                    add("domain_established", `The domain has been registered for ${Math.floor(age / 365)} years`, -10);
                }
              },
              (err: unknown) => {
                if (err instanceof RdapAnswerError) reached = true;
                else if (isConnectivityFailure(err, true)) noRoute.push("rdap");
                problems.push(`rdap: ${err instanceof Error ? err.message : String(err)}`);
              },
            );

      const [addresses, finalUrl] = await Promise.all([dnsPart, redirectPart, tlsPart, rdapPart]);
      // A lookup the engine gave up on failed for its own budget, which says nothing about the network.
      if (!reached && noRoute.includes("rdap") && !privateTarget && !ctx.signal.aborted) {
        // Nothing answered, not even the registry's RDAP service, which is always up: the network is down, what the
        // parts found is not evidence, and the next lookups should not wait for the same timeouts. A site that
        // alone cannot be reached (taken down, as scam sites often are) is not a network failure.
        // The pause's reason names the parts only: it is shown to everyone (the status resource), and the failures'
        // own words can name the site this lookup was about. This lookup's answer carries them.
        const reason = `nothing could be reached (${noRoute.sort().join(", ")})`;
        connectivity.markOffline(reason);
        const spell = connectivity.offlineNow();
        return offline({ reason: `${reason}: ${problems.join("; ")}`, ...(spell ? { until: spell.until } : {}) });
      }
      if (privateTarget) {
        add("resolves_to_private_network", `${url.host} points to a private or reserved network address`, 50);
      }
      const redirects = signals["redirect_count"];
      if (typeof redirects === "number" && redirects > 2)
        add("many_redirects", `The URL redirects ${redirects} times`, 30);
      if (finalUrl !== null) {
        const finalHost = new URL(finalUrl).hostname;
        const finalDomain = getDomain(finalHost) ?? finalHost;
        const startDomain = url.registrableDomain ?? url.host;
        // A shortener's link sends people elsewhere by design: where it leads is read instead (the URL channel).
        if (finalDomain !== startDomain && !isShortenerHost(url.host))
          add("redirects_off_domain", `The URL redirects to another site, ${finalDomain}`, 25);
      }
      const answered =
        Object.values(signals).some((v) => v !== null) || factors.length > 0 || (addresses?.length ?? 0) > 0;
      if (!answered) {
        return {
          source: "network",
          status: "unavailable",
          reason: problems.join("; ") || "no answer",
          signals,
          factors,
        };
      }
      return {
        source: "network",
        status: "ok",
        ...(problems.length > 0 ? { reason: problems.join("; ") } : {}),
        signals,
        factors,
      };
    },
  };
}
