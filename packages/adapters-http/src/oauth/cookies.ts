// Cookie header parsing and Set-Cookie values for the sign-in session and the CSRF nonce of the OAuth pages.
// With an https base URL the names take the __Host- prefix, which browsers only accept Secure, Path=/ and
// without Domain, so a sibling subdomain cannot plant either cookie.

export interface CookieNames {
  readonly session: string;
  readonly csrf: string;
  readonly secure: boolean;
}

export function cookieNames(issuer: string): CookieNames {
  const secure = issuer.startsWith("https://");
  const prefix = secure ? "__Host-" : "";
  return { session: `${prefix}sv_oauth_session`, csrf: `${prefix}sv_oauth_csrf`, secure };
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    if (!name || out.has(name)) continue;
    try {
      out.set(name, decodeURIComponent(raw));
    } catch {
      // A value that is not valid percent-encoding is not one of ours.
    }
  }
  return out;
}

export function serializeCookie(name: string, value: string, opts: { secure: boolean; maxAgeSeconds: number }): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${opts.maxAgeSeconds}`,
  ];
  if (opts.secure) parts.push("Secure");
  return parts.join("; ");
}
