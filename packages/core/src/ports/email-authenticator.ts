/** The outcome of one authentication method, in the words of RFC 8601. */
export const AUTH_RESULTS = [
  "pass",
  "fail",
  "softfail",
  "neutral",
  "none",
  "temperror",
  "permerror",
  "unknown",
] as const;
export type AuthResult = (typeof AUTH_RESULTS)[number];

/**
 * Where a result came from: checked here against DNS (`verified`), read from the `Authentication-Results` header of
 * a receiving server the operator trusts (`receiver`), or not known (`unknown`).
 */
export type AuthOrigin = "verified" | "receiver" | "unknown";

export interface SpfOutcome {
  readonly result: AuthResult;
  readonly origin: AuthOrigin;
  /** The envelope (MAIL FROM) domain checked; null when not known. */
  readonly domain: string | null;
  /** The sending server's IP the check was run for; null when not known. */
  readonly clientIp: string | null;
}

export interface DkimSignatureOutcome {
  readonly result: AuthResult;
  /** The signing domain (d=). */
  readonly domain: string;
  /** The key selector (s=); null when not known. */
  readonly selector: string | null;
  /** true when the signing domain aligns with the From domain (relaxed); null when not known. */
  readonly aligned: boolean | null;
}

export interface DkimOutcome {
  /** The best result over all signatures (pass over fail); none when unsigned. */
  readonly result: AuthResult;
  readonly origin: AuthOrigin;
  readonly signatures: readonly DkimSignatureOutcome[];
}

export interface DmarcOutcome {
  readonly result: AuthResult;
  readonly origin: AuthOrigin;
  /** The From domain the policy was looked up for; null when not known. */
  readonly domain: string | null;
  /** The published policy (p=, or sp= for a subdomain); null when none or not known. */
  readonly policy: "none" | "quarantine" | "reject" | null;
}

export interface ArcOutcome {
  readonly result: AuthResult;
  readonly origin: AuthOrigin;
  /** Number of ARC sets (highest i=); 0 when none. */
  readonly instances: number;
  /** Domains that sealed the chain (ARC-Seal d=), oldest first. */
  readonly sealers: readonly string[];
}

export interface EmailAuthentication {
  readonly spf: SpfOutcome;
  readonly dkim: DkimOutcome;
  readonly dmarc: DmarcOutcome;
  readonly arc: ArcOutcome;
  /** The authserv-id of the trusted receiver whose results were used; null when none was. */
  readonly receiver: string | null;
}

/** Checks SPF, DKIM, DMARC and ARC of a raw message. */
export interface EmailAuthenticator {
  /**
   * Authenticates `rawMessage` (headers and body as received). Never rejects: DNS that fails or times out, or a
   * message without the facts a check needs, yields `temperror` or `unknown`, never `fail`. Honors
   * `ctx.signal` by answering `temperror`/`unknown` for what was not finished. Not cached; idempotent.
   */
  authenticate(rawMessage: string, ctx: { readonly signal: AbortSignal }): Promise<EmailAuthentication>;
}

/** The answer when nothing could be checked. */
export const UNKNOWN_AUTHENTICATION: EmailAuthentication = {
  spf: { result: "unknown", origin: "unknown", domain: null, clientIp: null },
  dkim: { result: "unknown", origin: "unknown", signatures: [] },
  dmarc: { result: "unknown", origin: "unknown", domain: null, policy: null },
  arc: { result: "unknown", origin: "unknown", instances: 0, sealers: [] },
  receiver: null,
};
