import { describe, expect, it } from "vitest";
import { cookieNames, parseCookies, serializeCookie } from "../../src/oauth/cookies.js";
import { escapeHtml, renderConsent } from "../../src/oauth/pages.js";

describe("OAuth page cookies", () => {
  it("uses __Host- names and Secure with an https issuer, plain names on http", () => {
    expect(cookieNames("https://api.example.com")).toEqual({
      session: "__Host-sv_oauth_session",
      csrf: "__Host-sv_oauth_csrf",
      secure: true,
    });
    expect(cookieNames("http://127.0.0.1:8080")).toEqual({
      session: "sv_oauth_session",
      csrf: "sv_oauth_csrf",
      secure: false,
    });
    const secure = serializeCookie("__Host-sv_oauth_session", "abc", { secure: true, maxAgeSeconds: 60 });
    expect(secure).toBe("__Host-sv_oauth_session=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure");
    expect(serializeCookie("sv_oauth_csrf", "x", { secure: false, maxAgeSeconds: 1 })).not.toContain("Secure");
  });

  it("parses the first value of each cookie and ignores broken encodings", () => {
    const jar = parseCookies("a=1; b=%E0%A4%A; a=2; c=hello%20world");
    expect(jar.get("a")).toBe("1");
    expect(jar.has("b")).toBe(false);
    expect(jar.get("c")).toBe("hello world");
  });
});

describe("consent page", () => {
  it("escapes everything a client controls", () => {
    expect(escapeHtml(`<script>"'&`)).toBe("&lt;script&gt;&quot;&#39;&amp;");
    const html = renderConsent({
      csrf: "n",
      clientName: "<img src=x onerror=alert(1)>",
      redirectUri: "http://127.0.0.1:9/cb",
      accountEmail: "a@example.com",
      scopes: ["url:lookup"],
      request: { state: '"><script>' },
    });
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script>");
    expect(html).toContain("Check website and URL safety");
  });
});
