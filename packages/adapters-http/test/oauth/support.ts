// A real HTTP server on 127.0.0.1 mounting only the OAuth routers over in-memory stores, and a small cookie-keeping
// browser stand-in that walks the sign-in and consent pages by submitting their forms as a person would.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import {
  createOAuthConfig,
  type ClientMetadataDocuments,
  type Hasher,
  type Ids,
  type OAuthDeps,
  type PasswordHasher,
} from "@scamverify/core";
import { FixedClock, InMemoryAccountStore } from "@scamverify/core/testing";
import { InMemoryOAuthStore } from "../../../core/src/testing/oauth/in-memory-oauth-store.js";
import { createOAuthRouter } from "../../src/oauth/create-oauth-router.js";
import { createWellKnownRouter } from "../../src/oauth/create-well-known-router.js";

export const nodeHasher: Hasher = {
  sha256Hex: (v) => createHash("sha256").update(v, "utf8").digest("hex"),
  sha256Base64Url: (v) => createHash("sha256").update(v, "utf8").digest("base64url"),
  timingSafeEqual: (a, b) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  },
};

const randomIds: Ids = { uuid: () => randomUUID(), token: (n) => randomBytes(n).toString("base64url") };

// scrypt is the production hasher; a salted SHA-256 keeps these tests fast while still verifying for real.
const fastPasswords: PasswordHasher = {
  async hash(p) {
    const salt = randomBytes(8).toString("hex");
    return `t$${salt}$${nodeHasher.sha256Hex(salt + p)}`;
  },
  async verify(p, h) {
    const [, salt, digest] = h.split("$");
    return salt !== undefined && digest === nodeHasher.sha256Hex(salt + p);
  },
};

export interface OAuthTestServer {
  readonly baseUrl: string;
  /** The express app, for tests that add routes (a client's callback page). */
  readonly app: express.Express;
  readonly deps: OAuthDeps & { clock: FixedClock; store: InMemoryOAuthStore };
  close(): Promise<void>;
}

export async function startOAuthServer(
  options: { readonly clientMetadata?: ClientMetadataDocuments } = {},
): Promise<OAuthTestServer> {
  const app = express();
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const deps = {
    store: new InMemoryOAuthStore(),
    accounts: new InMemoryAccountStore(),
    clock: new FixedClock("2026-03-10T12:00:00.000Z"),
    ids: randomIds,
    hasher: nodeHasher,
    passwords: fastPasswords,
    config: createOAuthConfig(baseUrl),
    ...(options.clientMetadata ? { clientMetadata: options.clientMetadata } : {}),
  };
  app.use(createWellKnownRouter({ config: deps.config, clientIdMetadataDocuments: !!options.clientMetadata }));
  app.use(createOAuthRouter({ oauth: deps }));
  return {
    baseUrl,
    app,
    deps,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

function unescapeHtml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The hidden inputs of the page's form, as the browser would submit them. */
export function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    out[unescapeHtml(m[1] ?? "")] = unescapeHtml(m[2] ?? "");
  }
  return out;
}

export interface PageResponse {
  readonly status: number;
  readonly location: string | null;
  readonly html: string;
  readonly headers: Headers;
}

/** Follows nothing on its own: each redirect is visible to the test. Keeps cookies like a browser. */
export class CookieBrowser {
  readonly jar = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = (pair ?? "").indexOf("=");
      if (eq > 0) {
        const name = (pair ?? "").slice(0, eq);
        const value = (pair ?? "").slice(eq + 1);
        if (/max-age=0/i.test(line)) this.jar.delete(name);
        else this.jar.set(name, value);
      }
    }
  }

  private cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<PageResponse> {
    const url = path.startsWith("http") ? path : `${this.baseUrl}${path}`;
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    let body: string | null = null;
    if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
    });
    this.remember(res);
    return { status: res.status, location: res.headers.get("location"), html: await res.text(), headers: res.headers };
  }

  /**
   * Drives authorize -> sign-in (or sign-up) -> consent -> decision and returns the callback URL the browser is sent
   * to. Signs in only when the server asks for it.
   */
  async authorize(
    authorizationUrl: string,
    user: { email: string; password: string; signUp?: boolean },
    decision: "approve" | "deny" = "approve",
  ): Promise<URL> {
    let page = await this.request(authorizationUrl);
    if (page.status === 302 && page.location?.startsWith("/api/oauth/signin")) {
      let submitted: PageResponse;
      if (user.signUp) {
        // Sign-up opens the session and goes straight back to the authorization request.
        const form = await this.request(page.location.replace("/signin", "/signup"));
        submitted = await this.request("/api/oauth/signup", {
          form: { ...hiddenFields(form.html), email: user.email, password: user.password },
        });
        if (submitted.status !== 303 || !submitted.location)
          throw new Error(`sign-up failed: ${submitted.status} ${submitted.html}`);
      } else {
        const form = await this.request(page.location);
        submitted = await this.request("/api/oauth/signin", {
          form: { ...hiddenFields(form.html), email: user.email, password: user.password },
        });
        if (submitted.status !== 303 || !submitted.location)
          throw new Error(`sign-in failed: ${submitted.status} ${submitted.html}`);
      }
      page = await this.request(submitted.location);
    }
    if (page.status !== 200) {
      if (page.location) return new URL(page.location);
      throw new Error(`expected the consent page, got ${page.status}: ${page.html.slice(0, 300)}`);
    }
    const done = await this.request("/api/oauth/authorize", { form: { ...hiddenFields(page.html), decision } });
    if (done.status !== 303 || !done.location)
      throw new Error(`consent failed: ${done.status} ${done.html.slice(0, 300)}`);
    return new URL(done.location);
  }
}
