import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SCOPES } from "../../src/schemas/scopes.js";
import { isValidCodeVerifier, verifyPkce } from "../../src/policies/oauth/pkce.js";
import { isAllowedRedirectUri, matchRegisteredRedirectUri } from "../../src/policies/oauth/redirect-uris.js";
import { isSubsetOf, parseScopes } from "../../src/policies/oauth/scopes.js";
import { nodeHasher } from "./harness.js";

describe("scopes", () => {
  it("grants all five when none is requested", () => {
    expect(parseScopes(undefined)._unsafeUnwrap()).toEqual([...SCOPES]);
    expect(parseScopes("  ")._unsafeUnwrap()).toEqual([...SCOPES]);
  });
  it("keeps the requested ones in canonical order without duplicates", () => {
    expect(parseScopes("usage:read url:lookup url:lookup")._unsafeUnwrap()).toEqual(["url:lookup", "usage:read"]);
  });
  it("refuses unknown names with invalid_scope", () => {
    expect(parseScopes("url:lookup admin")._unsafeUnwrapErr().error).toBe("invalid_scope");
  });
  it("narrowing is a subset, widening is not", () => {
    expect(isSubsetOf(["url:lookup"], ["url:lookup", "phone:lookup"])).toBe(true);
    expect(isSubsetOf(["usage:read"], ["url:lookup"])).toBe(false);
  });
});

describe("PKCE (RFC 7636)", () => {
  it("matches the RFC 7636 appendix B example", () => {
    expect(
      verifyPkce(
        nodeHasher,
        "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
        "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      ),
    ).toBe(true);
  });
  it("refuses the plain method (verifier equal to the challenge)", () => {
    const v = "a".repeat(43);
    expect(verifyPkce(nodeHasher, v, v)).toBe(false);
  });
  it("accepts verifiers of 43-128 unreserved characters only", () => {
    expect(isValidCodeVerifier("a".repeat(42))).toBe(false);
    expect(isValidCodeVerifier("a".repeat(43))).toBe(true);
    expect(isValidCodeVerifier("a".repeat(128))).toBe(true);
    expect(isValidCodeVerifier("a".repeat(129))).toBe(false);
    expect(isValidCodeVerifier(`${"a".repeat(42)}+`)).toBe(false);
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9\-._~]{43,128}$/), (v) =>
        verifyPkce(nodeHasher, v, nodeHasher.sha256Base64Url(v)),
      ),
    );
  });
});

describe("redirect URI allowlist", () => {
  it.each([
    "https://claude.ai/api/mcp/auth_callback",
    "https://app.claude.ai/cb",
    "https://chatgpt.com/connector_platform_oauth_redirect",
    "https://platform.openai.com/x",
    "https://www.cursor.com/cb",
    "https://vscode.dev/redirect",
    "https://claude.com/api/mcp/auth_callback",
    "cursor://anysphere.cursor-mcp/oauth/callback",
    "http://localhost:3000/callback",
    "http://localhost/callback",
    "http://127.0.0.1:49152/cb?x=1",
    "http://[::1]:8080/cb",
  ])("allows %s", (uri) => expect(isAllowedRedirectUri(uri)).toBe(true));

  it.each([
    "https://evil.example/cb",
    "https://claude.ai.evil.example/cb",
    "https://evilclaude.ai/cb",
    "http://claude.ai/cb",
    "https://claude.ai:8443/cb",
    "https://claude.ai/cb#frag",
    "https://user@claude.ai/cb",
    "https://localhost/cb",
    "http://127.0.0.2/cb",
    "javascript:alert(1)",
    "not a url",
    "cursor://anysphere.cursor-mcp/other",
  ])("refuses %s", (uri) => expect(isAllowedRedirectUri(uri)).toBe(false));

  it("matches exactly at authorize time, except the loopback port", () => {
    const registered = ["https://claude.ai/api/mcp/auth_callback", "http://127.0.0.1:4000/cb"];
    expect(matchRegisteredRedirectUri(registered, "https://claude.ai/api/mcp/auth_callback")).toBe(true);
    expect(matchRegisteredRedirectUri(registered, "https://claude.ai/api/mcp/auth_callback/")).toBe(false);
    expect(matchRegisteredRedirectUri(registered, "https://claude.ai/api/mcp/other")).toBe(false);
    expect(matchRegisteredRedirectUri(registered, "http://127.0.0.1:5123/cb")).toBe(true);
    expect(matchRegisteredRedirectUri(registered, "http://127.0.0.1:5123/other")).toBe(false);
    expect(matchRegisteredRedirectUri(registered, "http://localhost:4000/cb")).toBe(false);
  });
});
