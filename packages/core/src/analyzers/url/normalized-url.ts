/** A URL as people paste it, parsed once (WHATWG URL + public suffix list) for every analyzer and source. */
export interface NormalizedUrl {
  /** Normalized absolute URL (WHATWG serialization, punycode host, fragment removed). */
  readonly href: string;
  readonly scheme: "http" | "https";
  /** ASCII (punycode) host, lower case, without brackets for IPv6. */
  readonly host: string;
  /** Unicode form of the host, for display and confusable analysis. */
  readonly hostUnicode: string;
  /** Explicit non-default port, null when default. */
  readonly port: number | null;
  readonly path: string;
  readonly query: string;
  /** Public-suffix aware registrable domain (eTLD+1), ASCII; null for IP hosts and bare suffixes. */
  readonly registrableDomain: string | null;
  /** The public suffix (e.g. "co.uk"); null for IP hosts. */
  readonly publicSuffix: string | null;
  /** Labels left of the registrable domain ("" when none). */
  readonly subdomain: string;
  readonly isIp: boolean;
  /** true when the authority carried user info (user:pass@ or the "@" trick). */
  readonly hasCredentials: boolean;
  /** true when the fragment (left out of `href`) was an email address ("#jane@corp.example"); absent otherwise. */
  readonly fragmentEmail?: boolean;
}
