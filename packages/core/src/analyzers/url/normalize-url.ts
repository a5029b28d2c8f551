import { err, ok, type Result } from "neverthrow";
import { parse as parseDomain } from "tldts";
import type { ValidationIssue } from "../../errors.js";
import { MAX_URL_LENGTH } from "../../schemas/url.js";
import type { NormalizedUrl } from "./normalized-url.js";
import { hostToUnicode } from "./punycode.js";

const FIELD = "url";

// Pairs people (and chat apps) wrap a link in: <https://...>, "example.com", (see example.com), «...».
const WRAPPERS: ReadonlyArray<readonly [string, string]> = [
  ["<", ">"],
  ['"', '"'],
  ["'", "'"],
  ["`", "`"],
  ["(", ")"],
  ["[", "]"],
  ["{", "}"],
  ["\u201c", "\u201d"],
  ["\u2018", "\u2019"],
  ["\u00ab", "\u00bb"],
];

// Sentence punctuation that ends up glued to a pasted link. ")" is handled separately so that
// balanced parentheses inside a path (Wikipedia style) survive.
const TRAILING_JUNK = new Set([
  ".",
  ",",
  ";",
  ":",
  "!",
  "?",
  '"',
  "'",
  "\u2026",
  "\u00bb",
  "\u201d",
  "\u2019",
  ">",
  "]",
  "}",
  "*",
  "`",
]);
const LEADING_JUNK = new Set(['"', "'", "<", "(", "[", "{", "\u201c", "\u2018", "\u00ab", "`", "*"]);

const WEB_SCHEMES = new Set(["http", "https"]);
// Schemes people paste that are never a web page the service can assess; named to give a clear message.
const NON_WEB_SCHEMES = new Set([
  "javascript",
  "data",
  "vbscript",
  "ftp",
  "ftps",
  "sftp",
  "mailto",
  "tel",
  "sms",
  "file",
  "blob",
  "about",
  "chrome",
  "chrome-extension",
  "ws",
  "wss",
  "ssh",
  "telnet",
  "news",
  "irc",
  "magnet",
  "intent",
  "market",
  "itms-services",
  "content",
  "view-source",
]);

const SCHEME_RE = /^([a-z][a-z0-9+.-]*):/i;
const WHITESPACE_RE = /\s/;
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const CONTROL_RE = /[\u0000-\u001f\u007f]/;

function issue(message: string): ValidationIssue[] {
  return [{ field: FIELD, message }];
}

function stripWrappers(input: string): string {
  let s = input.trim();
  for (let changed = true; changed && s.length > 1;) {
    changed = false;
    for (const [open, close] of WRAPPERS) {
      if (s.startsWith(open) && s.endsWith(close) && s.length >= open.length + close.length) {
        s = s.slice(open.length, s.length - close.length).trim();
        changed = true;
      }
    }
  }
  return s;
}

function count(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

function stripJunk(input: string): string {
  let s = input;
  let start = 0;
  while (start < s.length && LEADING_JUNK.has(s[start] ?? "")) start++;
  s = s.slice(start);
  let end = s.length;
  for (;;) {
    const ch = s[end - 1];
    if (ch === undefined) break;
    if (TRAILING_JUNK.has(ch)) {
      end--;
      continue;
    }
    if (ch === ")" && count(s.slice(0, end), "(") < count(s.slice(0, end), ")")) {
      end--;
      continue;
    }
    break;
  }
  return s.slice(0, end);
}

// Analysts share "defanged" indicators (hxxp://evil[.]com); accept them as the link they stand for.
function refang(s: string): string {
  if (!/hxxp|\[\.\]|\(\.\)|\[dot\]|\{\.\}/i.test(s)) return s;
  return s.replace(/^hxxp(s?)(:\/\/|\[:\]\/\/)/i, "http$1://").replace(/\[\.\]|\(\.\)|\{\.\}|\[dot\]/gi, ".");
}

/** DNS's limits (RFC 1035 2.3.4): a name no resolver can hold is no site, whatever it looks like. */
export const MAX_HOST_LABEL_LENGTH = 63;
export const MAX_HOST_NAME_LENGTH = 253;
export const MAX_HOST_LABELS = 127;

/** Why a host name (ASCII form, no trailing dot) cannot exist in DNS, or null when it can. */
export function impossibleHostName(host: string): string | null {
  const labels = host.split(".");
  if (labels.length > MAX_HOST_LABELS) {
    return `The host name has ${labels.length} labels; a host name has at most ${MAX_HOST_LABELS}, so no such site can exist`;
  }
  const long = labels.find((l) => l.length > MAX_HOST_LABEL_LENGTH);
  if (long !== undefined) {
    return `A label of the host name ("${long.slice(0, 20)}...") is ${long.length} characters long; a label has at most ${MAX_HOST_LABEL_LENGTH}, so no such site can exist`;
  }
  if (host.length > MAX_HOST_NAME_LENGTH) {
    return `The host name is ${host.length} characters long; a host name has at most ${MAX_HOST_NAME_LENGTH}, so no such site can exist`;
  }
  return null;
}

/** The port written in an authority ("host:8080", "[::1]:0"), or null when none is written. */
function rawPort(authority: string): string | null {
  const hostPort = authority.slice(authority.lastIndexOf("@") + 1);
  const m = /:(\d*)$/.exec(hostPort.startsWith("[") ? hostPort.slice(hostPort.indexOf("]") + 1) : hostPort);
  return m === null ? null : (m[1] ?? "");
}

/** Splits off the authority part of an absolute http(s) string, for checks WHATWG parsing would hide. */
function rawAuthority(withScheme: string): string {
  const afterScheme = withScheme.replace(/^[a-z][a-z0-9+.-]*:\/*/i, "");
  const end = afterScheme.search(/[/?#\\]/);
  return end === -1 ? afterScheme : afterScheme.slice(0, end);
}

/**
 * Parses a URL as people paste it into one normalized shape, or says clearly why it is not a web URL.
 *
 * Accepted: with or without scheme, IDN or Punycode hosts, wrapping quotes/brackets/angle brackets,
 * sentence punctuation glued to the end, defanged forms (hxxp, [.]). A missing scheme is taken as
 * https: people paste bare domains to ask about the site, and https is what a browser tries first
 * today; the scheme does not change what the analyzers look at. Hosts are canonicalized by WHATWG URL
 * (lower case, Punycode, decimal/hex/octal IPv4 forms to dotted quads) and split with the public suffix
 * list, private section included, so "evil.github.io" is its own registrable domain.
 * Never throws.
 */
const FRAGMENT_EMAIL =
  /^#(?:[^@]*[=&/!])?[a-z0-9._%+-]{1,64}(?:@|%40)[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*\.[a-z]{2,24}$/i;

export function normalizeUrl(raw: string): Result<NormalizedUrl, ValidationIssue[]> {
  if (typeof raw !== "string") return err(issue("URL must be a string"));
  if (raw.length > MAX_URL_LENGTH * 4) return err(issue(`URL is longer than ${MAX_URL_LENGTH} characters`));
  let s = refang(stripJunk(stripWrappers(raw)));
  s = stripWrappers(s);
  if (s.length === 0) return err(issue("URL is empty"));
  if (s.length > MAX_URL_LENGTH) return err(issue(`URL is longer than ${MAX_URL_LENGTH} characters`));
  if (CONTROL_RE.test(s)) return err(issue("URL contains control characters"));

  let withScheme: string;
  const schemeMatch = SCHEME_RE.exec(s);
  const scheme = schemeMatch?.[1]?.toLowerCase();
  if (scheme !== undefined && WEB_SCHEMES.has(scheme)) {
    withScheme = s;
  } else if (scheme !== undefined && NON_WEB_SCHEMES.has(scheme)) {
    return err(issue(`"${scheme}:" URLs are not web pages; only http and https URLs can be checked`));
  } else if (s.startsWith("//")) {
    withScheme = `https:${s}`;
  } else if (scheme !== undefined && !scheme.includes(".") && !/^\d/.test(s.slice(scheme.length + 1))) {
    // "foo:bar" is a scheme we do not know; "example.com:8080" and "localhost:3000" are host:port.
    return err(issue(`Unsupported URL scheme "${scheme}:"; only http and https URLs can be checked`));
  } else {
    withScheme = `https://${s}`;
  }

  const authority = rawAuthority(withScheme);
  if (WHITESPACE_RE.test(authority)) return err(issue("The host part of the URL contains spaces"));
  const hostPart = authority.slice(authority.lastIndexOf("@") + 1);
  if (hostPart === "" || hostPart.startsWith(":")) return err(issue("URL has no host"));
  const port = rawPort(authority);
  if (port !== null && port !== "" && (!/^\d{1,5}$/.test(port.replace(/^0+(?=\d)/, "")) || Number(port) > 65535)) {
    return err(issue(`The URL's port ${port.slice(0, 12)} is out of range; a port is a number from 1 to 65535`));
  }
  if (port !== null && port !== "" && Number(port) === 0) {
    return err(issue("The URL's port is 0, which no server listens on; a port is a number from 1 to 65535"));
  }

  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return err(issue("Not a valid URL"));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return err(issue("Only http and https URLs can be checked"));
  }
  let host = url.hostname;
  if (host === "") return err(issue("URL has no host"));
  const isIpv6 = host.startsWith("[");
  if (isIpv6) host = host.slice(1, -1);
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host === "" || host.includes("..")) return err(issue("URL host is not valid"));

  const info = parseDomain(host, { allowPrivateDomains: true, extractHostname: false });
  const isIp = isIpv6 || info.isIp === true;
  const impossible = isIp ? null : impossibleHostName(host);
  if (impossible !== null) return err(issue(impossible));
  if (!isIp && !host.includes(".")) {
    return err(issue(`"${host}" is not a public host name (it has no top-level domain)`));
  }
  if (
    !isIp &&
    info.publicSuffix !== null &&
    info.domain === null &&
    info.isIcann === true &&
    host === info.publicSuffix
  ) {
    return err(issue(`"${host}" is a public suffix, not a site`));
  }

  // The fragment never reaches the server and is left out of the normalized URL; only whether it carries an email
  // address is kept (kits read the victim's address from it to greet them and pre-fill a sign-in form).
  const fragmentEmail = url.hash.length > 5 && FRAGMENT_EMAIL.test(url.hash.slice(0, 512));
  url.hash = "";
  const registrableDomain = isIp ? null : info.domain;
  const subdomain = isIp || registrableDomain === null ? "" : (info.subdomain ?? "");
  const portNumber = url.port === "" ? null : Number(url.port);

  return ok({
    href: url.href,
    scheme: url.protocol === "https:" ? "https" : "http",
    host,
    hostUnicode: isIp ? host : hostToUnicode(host),
    port: portNumber,
    path: url.pathname,
    query: url.search,
    registrableDomain,
    publicSuffix: isIp ? null : info.publicSuffix,
    subdomain,
    isIp,
    hasCredentials: url.username !== "" || url.password !== "",
    ...(fragmentEmail ? { fragmentEmail } : {}),
  });
}
