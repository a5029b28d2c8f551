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

/**
 * Microsoft's composite authentication (`compauth=` in the Authentication-Results Microsoft 365 and Outlook.com
 * write): its own judgement of whether the From domain was spoofed, from SPF, DKIM, DMARC and what it knows of the
 * sender. Reason codes as Microsoft documents them: 000 explicit failure (DMARC fail under p=quarantine or
 * p=reject), 001 implicit failure (no or weak authentication records), 002 the recipient organisation forbids the
 * sender, 010 a spoof of the recipient's own domain, 1xx/7xx pass, 2xx soft pass, 3xx/4xx/9xx not checked, 6xx an
 * implicit failure for the recipient's own domain.
 */
export interface CompositeAuthOutcome {
  readonly result: "pass" | "fail" | "softpass" | "none" | "unknown";
  /** The three-digit reason code; null when not written. */
  readonly reason: string | null;
}

/**
 * What the receiving server's own filter decided, as Microsoft 365 writes it (`X-Forefront-Antispam-Report`,
 * `X-MS-Exchange-Organization-SCL`) on inbound mail.
 */
export interface ReceiverFilterVerdict {
  /** Spam confidence level: -1 filtering skipped, 0-1 not spam, 5-6 spam, 8-9 high confidence spam; null unknown. */
  readonly scl: number | null;
  /** The threat category (CAT: PHSH, HPHSH, SPOOF, DIMP, UIMP, GIMP, BIMP, MALW, SPM, HSPM, BULK, NONE ...), upper case. */
  readonly category: string | null;
  /** The spam filtering verdict (SFV: SPM, NSPM, SKS, BLK, SKA ...), upper case. */
  readonly filter: string | null;
}

export interface EmailAuthentication {
  readonly spf: SpfOutcome;
  readonly dkim: DkimOutcome;
  readonly dmarc: DmarcOutcome;
  readonly arc: ArcOutcome;
  /**
   * The authserv-id of the trusted receiver whose results were used (for Microsoft, which writes none, the host of
   * its first Received hop); null when none was.
   */
  readonly receiver: string | null;
  /** The receiver's composite authentication verdict; absent when the receiver wrote none (all but Microsoft). */
  readonly compauth?: CompositeAuthOutcome;
  /** The trusted receiver's own filter verdict on inbound mail; absent when it wrote none or is not trusted. */
  readonly receiverFilter?: ReceiverFilterVerdict;
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
