// Which redirect URIs a client may register, and whether an authorization request's redirect_uri is one of them.

export interface RedirectUriPolicy {
  /**
   * Hosts whose https URLs are accepted on any path: `https://*.{host}/*`. The host itself is included as well as
   * its subdomains, because assistants serve their OAuth callbacks from the apex (https://claude.ai/...).
   */
  readonly hosts: readonly string[];
  /** Exact URLs of well-known clients (including native app schemes) accepted as they are. */
  readonly exactUris: readonly string[];
}

/**
 * The six assistant and MCP-platform hosts. Anthropic (claude.ai, claude.com and anthropic.com hosts), OpenAI
 * (chatgpt.com, openai.com), Cursor and VS Code (vscode.dev is where VS Code's MCP client receives its OAuth
 * redirect). Operators replace the list through configuration.
 */
export const DEFAULT_REDIRECT_HOSTS = [
  "claude.ai",
  "anthropic.com",
  "chatgpt.com",
  "openai.com",
  "cursor.com",
  "vscode.dev",
] as const;

/** Exact callbacks of clients that live outside the six hosts, or use a custom scheme. */
export const DEFAULT_EXACT_REDIRECT_URIS = [
  "https://claude.com/api/mcp/auth_callback",
  "cursor://anysphere.cursor-mcp/oauth/callback",
] as const;

export const DEFAULT_REDIRECT_POLICY: RedirectUriPolicy = {
  hosts: DEFAULT_REDIRECT_HOSTS,
  exactUris: DEFAULT_EXACT_REDIRECT_URIS,
};

// URL.hostname keeps the brackets of an IPv6 literal.
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function parse(uri: string): URL | null {
  try {
    const url = new URL(uri);
    // RFC 6749 3.1.2: no fragment; userinfo in a redirect target only serves to deceive.
    if (url.hash !== "" || uri.includes("#") || url.username !== "" || url.password !== "") return null;
    return url;
  } catch {
    return null;
  }
}

// One DNS label (letters, digits, hyphens, not at either end), as URL.hostname gives it: lower case, IDNs in punycode.
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Whether a host is a plain DNS name. The URL parser lets through hosts such as `x;sandbox.claude.ai` or `*.claude.ai`;
 * such a host names no server, and copied into the consent page's CSP form-action it would rewrite the policy.
 */
export function isDnsHostname(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  return host.split(".").every((label) => DNS_LABEL.test(label));
}

function isLoopback(url: URL): boolean {
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

/** Registration rule: the URI matches one of the host patterns, a loopback pattern, or an exact entry. */
export function isAllowedRedirectUri(uri: string, policy: RedirectUriPolicy = DEFAULT_REDIRECT_POLICY): boolean {
  if (policy.exactUris.includes(uri)) return true;
  const url = parse(uri);
  if (!url) return false;
  if (isLoopback(url)) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  const host = url.hostname.toLowerCase();
  if (!isDnsHostname(host)) return false;
  return policy.hosts.some((h) => {
    const pattern = h.toLowerCase();
    return host === pattern || host.endsWith(`.${pattern}`);
  });
}

/**
 * Whether a redirect URI is safe to send a browser to and to name in a page's CSP: an exact allowlist entry, or an
 * http(s) URL on a loopback address or a plain DNS name. Checked again at authorization time, for clients registered
 * before the registration rule was this strict.
 */
export function isWellFormedRedirectUri(uri: string, policy: RedirectUriPolicy = DEFAULT_REDIRECT_POLICY): boolean {
  if (policy.exactUris.includes(uri)) return true;
  const url = parse(uri);
  if (!url) return false;
  if (isLoopback(url)) return true;
  return url.protocol === "https:" && isDnsHostname(url.hostname.toLowerCase());
}

/**
 * Authorization-time rule: the requested URI equals a registered one exactly, except that for loopback URIs the
 * port may differ (RFC 8252 7.3: native apps bind an ephemeral port).
 */
export function matchRegisteredRedirectUri(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const req = parse(requested);
  if (!req || !isLoopback(req)) return false;
  return registered.some((r) => {
    const reg = parse(r);
    return (
      reg !== null &&
      isLoopback(reg) &&
      reg.hostname === req.hostname &&
      reg.pathname === req.pathname &&
      reg.search === req.search
    );
  });
}
