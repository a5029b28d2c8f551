// EmailAuthenticator over mailauth: SPF for the sending server found in the Received chain, DKIM, DMARC and ARC
// checked against DNS through an injected resolver, merged with the Authentication-Results of a trusted receiving
// server. A DNS failure or timeout reads temperror; a check that lacks its facts reads unknown; never fail for either.
import type { AuthenticateResult } from "mailauth";
import { parse as parseDomain } from "tldts";
import {
  UNKNOWN_AUTHENTICATION,
  type ArcOutcome,
  type AuthResult,
  type DkimOutcome,
  type DkimSignatureOutcome,
  type DmarcOutcome,
  type EmailAuthentication,
  type EmailAuthenticator,
  type SpfOutcome,
} from "@scamverify/core";
import {
  DEFAULT_TRUSTED_AUTHSERV_IDS,
  microsoftReceiverResults,
  trustedAuthenticationResults,
  type AuthenticationResultsHeader,
  type FilterVerdict,
  type MethodResult,
} from "./authentication-results.js";
import { parseReceived } from "./received.js";
import { loadOnce } from "../lazy-module.js";
import { withoutConsoleOutput } from "./quiet-console.js";
import type { ConnectivityProbe } from "../network/connectivity.js";

/** mailauth, loaded on the first message checked (it is the heaviest module of the package to load). */
const loadMailauth = loadOnce(() => import("mailauth"));

/** A DNS lookup as mailauth calls it: records of one type for one name; rejects with a dns error code. */
export type DnsResolver = (name: string, rrtype: string) => Promise<unknown>;

export interface MailauthAuthenticatorOptions {
  readonly resolver: DnsResolver;
  /** authserv-ids whose Authentication-Results are believed; DEFAULT_TRUSTED_AUTHSERV_IDS by default. */
  readonly trustedAuthservIds?: readonly string[];
  /** Budget of one DNS query and, three times over, of the whole check. */
  readonly timeoutMs?: number;
  /** Name this service reports as the authenticating host. */
  readonly mta?: string;
  /**
   * Whether this machine has DNS at all. A resolver with nothing behind it (an air-gapped host, a sandbox) answers
   * "no such name" for every query, which would read as "the domain publishes no SPF or DMARC record": when no query
   * of a check got an answer, the probe decides, and without DNS every check reads unknown. Absent: never asked.
   */
  readonly connectivity?: Pick<ConnectivityProbe, "state">;
}

export const DEFAULT_DNS_TIMEOUT_MS = 2_000;
const NOT_FOUND = new Set(["ENOTFOUND", "ENODATA"]);

interface HeaderField {
  readonly name: string;
  readonly value: string;
}

/** The top header block, unfolded, in order (at most 1,000 fields). */
export function topHeaders(raw: string): HeaderField[] {
  const blank = raw.search(/\r?\n\r?\n/);
  const block = blank === -1 ? raw : raw.slice(0, blank);
  const out: HeaderField[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line)) {
      const last = out[out.length - 1];
      if (last !== undefined) out[out.length - 1] = { name: last.name, value: `${last.value} ${line.trim()}` };
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    out.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
    if (out.length >= 1000) break;
  }
  return out;
}

function errorCode(e: unknown): string {
  return typeof e === "object" && e !== null && "code" in e && typeof e.code === "string" ? e.code : "";
}

function mapResult(r: string | undefined): AuthResult {
  switch (r) {
    case "pass":
    case "fail":
    case "softfail":
    case "neutral":
    case "none":
    case "temperror":
    case "permerror":
      return r;
    case "temperr":
      return "temperror";
    case "policy":
      return "fail";
    default:
      return "unknown";
  }
}

function registrable(d: string | null | undefined): string | null {
  if (d === null || d === undefined || d === "") return null;
  return parseDomain(d).domain ?? d;
}

/** Downgrades a failure to temperror when DNS was not reliable during the check. */
function soften(r: AuthResult, dnsFailed: boolean): AuthResult {
  return dnsFailed && (r === "fail" || r === "softfail" || r === "permerror" || r === "neutral") ? "temperror" : r;
}

function policyOf(p: string | undefined): DmarcOutcome["policy"] {
  const v = (p ?? "").toLowerCase();
  return v === "none" || v === "quarantine" || v === "reject" ? v : null;
}

/**
 * The published policy as Microsoft's action= tells it: reject or quarantine as applied, "oreject" (the receiver
 * delivered to junk what the policy said to reject), "pct.reject"/"pct.quarantine" (the policy's pct= let this one
 * through), "none" for a failure under p=none.
 */
function policyOfAction(dmarc: MethodResult): DmarcOutcome["policy"] {
  const action = (dmarc.props["action"] ?? "").toLowerCase();
  if (action === "reject" || action === "oreject" || action === "pct.reject") return "reject";
  if (action === "quarantine" || action === "pct.quarantine") return "quarantine";
  return action === "none" && dmarc.result === "fail" ? "none" : null;
}

function compauthOf(m: MethodResult | null): EmailAuthentication["compauth"] {
  if (m === null) return undefined;
  const w = m.word;
  const result = w === "pass" || w === "fail" || w === "softpass" || w === "none" ? w : "unknown";
  const reason = /^\d{3}$/.test(m.props["reason"] ?? "") ? (m.props["reason"] ?? null) : null;
  return { result, reason };
}

function sealers(headers: readonly HeaderField[]): string[] {
  const sets: Array<[number, string]> = [];
  for (const h of headers) {
    if (h.name.toLowerCase() !== "arc-seal") continue;
    const i = Number(/\bi=\s*(\d+)/.exec(h.value)?.[1] ?? "0");
    const d = /\bd=\s*([^;\s]+)/.exec(h.value)?.[1];
    if (d !== undefined) sets.push([i, d.toLowerCase()]);
  }
  return sets.sort((a, b) => a[0] - b[0]).map(([, d]) => d);
}

function fromVerified(
  res: AuthenticateResult,
  dnsFailed: boolean,
  clientIp: string | null,
  fromDomain: string | null,
  fromCount: number,
  headers: readonly HeaderField[],
): EmailAuthentication {
  const spfRaw = res.spf;
  const spf: SpfOutcome =
    spfRaw === false || spfRaw === undefined || clientIp === null
      ? { result: "unknown", origin: "unknown", domain: null, clientIp }
      : {
          result: soften(mapResult(spfRaw.status.result), dnsFailed),
          origin: "verified",
          domain: spfRaw.domain ?? null,
          clientIp,
        };
  const signatures: DkimSignatureOutcome[] = (res.dkim?.results ?? []).map((s) => ({
    // mailauth answers "neutral" for a body that no longer matches its signature; RFC 6376 calls that a failure.
    result: soften(
      s.status.result === "neutral" && /body hash did not verify/i.test(s.status.comment ?? "")
        ? "fail"
        : mapResult(s.status.result),
      dnsFailed,
    ),
    domain: (s.signingDomain ?? "").toLowerCase(),
    selector: s.selector ?? null,
    aligned:
      s.status.aligned !== undefined
        ? Boolean(s.status.aligned)
        : fromDomain !== null
          ? registrable(s.signingDomain) === registrable(fromDomain)
          : null,
  }));
  const dkimResult: AuthResult = signatures.some((s) => s.result === "pass")
    ? "pass"
    : signatures.length === 0
      ? "none"
      : (signatures[0]?.result ?? "none");
  const dkim: DkimOutcome = { result: dkimResult, origin: "verified", signatures };
  const d = res.dmarc;
  let dmarc: DmarcOutcome;
  if (fromCount > 1) {
    dmarc = { result: "fail", origin: "verified", domain: fromDomain, policy: null };
  } else if (d === false || d === undefined) {
    dmarc = { result: "unknown", origin: "unknown", domain: fromDomain, policy: null };
  } else {
    let result = soften(mapResult(d.status.result), dnsFailed);
    // Without the sending server's address SPF was not checked: a DMARC fail would only say DKIM is missing.
    if (result === "fail" && spf.result === "unknown" && dkim.result !== "fail") result = "unknown";
    const sub = d.domain !== undefined && registrable(d.domain) !== d.domain;
    dmarc = {
      result,
      origin: result === "unknown" ? "unknown" : "verified",
      domain: d.domain ?? fromDomain,
      policy: policyOf(sub && d.sp ? d.sp : d.p),
    };
  }
  const a = res.arc === false ? undefined : res.arc;
  const arcSealers = sealers(headers);
  const arc: ArcOutcome =
    arcSealers.length === 0
      ? { result: "none", origin: "verified", instances: 0, sealers: [] }
      : {
          result: soften(mapResult(a?.status?.result), dnsFailed),
          origin: "verified",
          instances: typeof a?.i === "number" ? a.i : arcSealers.length,
          sealers: arcSealers,
        };
  return { spf, dkim, dmarc, arc, receiver: null };
}

function fromReceiver(
  ar: AuthenticationResultsHeader,
  verified: EmailAuthentication,
  multipleFrom: boolean,
  receiver: string,
  filter: FilterVerdict | null,
): EmailAuthentication {
  const spf: SpfOutcome =
    ar.spf === null
      ? verified.spf
      : {
          result: ar.spf.result,
          origin: "receiver",
          domain: (ar.spf.props["smtp.mailfrom"] ?? "").split("@").pop()?.toLowerCase() ?? verified.spf.domain,
          clientIp: verified.spf.clientIp,
        };
  const fromDomain = (ar.dmarc?.props["header.from"] ?? verified.dmarc.domain ?? "").toLowerCase() || null;
  const dkim: DkimOutcome =
    ar.dkim.length === 0
      ? verified.dkim
      : {
          result: ar.dkim.some((s) => s.result === "pass") ? "pass" : (ar.dkim[0]?.result ?? "none"),
          origin: "receiver",
          signatures: ar.dkim.map((s) => {
            // Microsoft writes "header.d=none" for an unsigned message.
            const written = (s.props["header.d"] ?? s.props["header.i"] ?? "").replace(/^.*@/, "").toLowerCase();
            const domain = written === "none" ? "" : written;
            return {
              result: s.result,
              domain,
              selector: s.props["header.s"] ?? null,
              aligned: fromDomain !== null && domain !== "" ? registrable(domain) === registrable(fromDomain) : null,
            };
          }),
        };
  const dmarc: DmarcOutcome =
    ar.dmarc === null || multipleFrom
      ? verified.dmarc
      : {
          result: ar.dmarc.result,
          origin: "receiver",
          domain: fromDomain,
          policy: policyOf(ar.dmarc.props["policy.p"]) ?? policyOfAction(ar.dmarc) ?? verified.dmarc.policy,
        };
  const arc: ArcOutcome =
    ar.arc === null ? verified.arc : { ...verified.arc, result: ar.arc.result, origin: "receiver" };
  const compauth = compauthOf(ar.compauth);
  return {
    spf,
    dkim,
    dmarc,
    arc,
    receiver,
    ...(compauth !== undefined ? { compauth } : {}),
    ...(filter !== null ? { receiverFilter: filter } : {}),
  };
}

/**
 * What the headers alone say, when DNS could not be asked: nothing about SPF, DKIM, DMARC or an ARC chain (a missing
 * record and an unreachable resolver look the same), except a DMARC failure for two From headers, which needs no
 * record, and that a message without ARC-Seal headers has no chain.
 */
function withoutDns(v: EmailAuthentication, multipleFrom: boolean): EmailAuthentication {
  return {
    spf: { result: "unknown", origin: "unknown", domain: v.spf.domain, clientIp: v.spf.clientIp },
    dkim: {
      result: "unknown",
      origin: "unknown",
      signatures: v.dkim.signatures.filter((s) => s.domain !== "").map((s) => ({ ...s, result: "unknown" as const })),
    },
    dmarc: multipleFrom ? v.dmarc : { result: "unknown", origin: "unknown", domain: v.dmarc.domain, policy: null },
    // A message with no ARC-Seal header has no ARC chain: that much the headers say.
    arc: v.arc.instances === 0 ? v.arc : { ...v.arc, result: "unknown", origin: "unknown" },
    receiver: null,
  };
}

function timeoutError(): Error {
  return Object.assign(new Error("DNS query timed out"), { code: "ETIMEOUT" });
}

class MailauthEmailAuthenticator implements EmailAuthenticator {
  private readonly trusted: readonly string[];
  private readonly timeoutMs: number;

  constructor(private readonly opts: MailauthAuthenticatorOptions) {
    this.trusted = opts.trustedAuthservIds ?? DEFAULT_TRUSTED_AUTHSERV_IDS;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS;
  }

  /** Whether the connectivity probe says this machine has no DNS; false when there is no probe. */
  private async offline(): Promise<boolean> {
    const probe = this.opts.connectivity;
    if (probe === undefined) return false;
    return (await probe.state().catch(() => ({ online: true }))).online === false;
  }

  async authenticate(rawMessage: string, ctx: { readonly signal: AbortSignal }): Promise<EmailAuthentication> {
    const headers = topHeaders(rawMessage);
    if (headers.length === 0) return UNKNOWN_AUTHENTICATION;
    const fromHeaders = headers.filter((h) => h.name.toLowerCase() === "from");
    const fromDomain =
      /@([^\s>@"]+)\s*>?\s*$/.exec((fromHeaders[0]?.value ?? "").slice(0, 1000))?.[1]?.toLowerCase() ?? null;
    // The first hop, from the top, that came from a public address: where the message entered the receiver.
    const hop = headers
      .filter((h) => h.name.toLowerCase() === "received")
      .slice(0, 50)
      .map((h) => parseReceived(h.value))
      .find((r) => r.external);
    const clientIp = hop?.fromIp ?? null;
    const returnPath = /<?([^<>\s]+@[^<>\s]+)>?/.exec(
      (headers.find((h) => h.name.toLowerCase() === "return-path")?.value ?? "").slice(0, 1000),
    )?.[1];

    let dnsFailed = false;
    let dnsAnswered = false;
    let dnsNotFound = false;
    const deadline = AbortSignal.any([ctx.signal, AbortSignal.timeout(this.timeoutMs * 3)]);
    const resolver = async (name: string, rrtype: string): Promise<unknown> => {
      if (deadline.aborted) {
        dnsFailed = true;
        throw timeoutError();
      }
      const perQuery = AbortSignal.any([deadline, AbortSignal.timeout(this.timeoutMs)]);
      try {
        return await new Promise<unknown>((resolve, reject) => {
          const onAbort = (): void => reject(timeoutError());
          perQuery.addEventListener("abort", onAbort, { once: true });
          this.opts.resolver(name, rrtype).then(
            (v) => {
              perQuery.removeEventListener("abort", onAbort);
              dnsAnswered = true;
              resolve(v);
            },
            (e: unknown) => {
              perQuery.removeEventListener("abort", onAbort);
              reject(e instanceof Error ? e : new Error(String(e)));
            },
          );
        });
      } catch (e) {
        if (NOT_FOUND.has(errorCode(e))) dnsNotFound = true;
        else dnsFailed = true;
        throw e;
      }
    };

    const { authenticate } = await loadMailauth();
    let verified: EmailAuthentication;
    try {
      const res = await withoutConsoleOutput(() =>
        authenticate(rawMessage, {
          resolver: resolver as never,
          mta: this.opts.mta ?? "scamverify.invalid",
          disableBimi: true,
          trustReceived: false,
          ...(clientIp !== null ? { ip: clientIp } : {}),
          ...(hop?.fromHost != null ? { helo: hop.fromHost } : {}),
          ...(returnPath !== undefined ? { sender: returnPath } : {}),
        }),
      );
      verified = fromVerified(res, dnsFailed, clientIp, fromDomain, fromHeaders.length, headers);
    } catch {
      verified = {
        ...UNKNOWN_AUTHENTICATION,
        dmarc:
          fromHeaders.length > 1
            ? { result: "fail", origin: "verified", domain: fromDomain, policy: null }
            : UNKNOWN_AUTHENTICATION.dmarc,
      };
    }
    if (!dnsAnswered && (dnsNotFound || dnsFailed) && (await this.offline())) {
      verified = withoutDns(verified, fromHeaders.length > 1);
    }
    const ar = trustedAuthenticationResults(headers, this.trusted, (v) => parseReceived(v).byHost);
    if (ar !== null) return fromReceiver(ar, verified, fromHeaders.length > 1, ar.authservId, null);
    const microsoft = microsoftReceiverResults(headers, (v) => parseReceived(v));
    return microsoft === null
      ? verified
      : fromReceiver(microsoft.results, verified, fromHeaders.length > 1, microsoft.receiverHost, microsoft.filter);
  }
}

/** An EmailAuthenticator over mailauth with DNS through `resolver`. */
export function createMailauthAuthenticator(opts: MailauthAuthenticatorOptions): EmailAuthenticator {
  return new MailauthEmailAuthenticator(opts);
}
