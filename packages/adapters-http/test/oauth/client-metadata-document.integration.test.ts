// OAuth Client ID Metadata Documents, driven by oauth4webapi: a client that never registers, whose client_id is the
// URL of its metadata document, served here from 127.0.0.1 (the fetcher's test-only loopback allowance; in
// production only public https addresses are fetched). The server fetches the document through the guarded fetcher,
// checks it, and the flow completes with PKCE; a document that does not match its URL is refused.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClientMetadataDocuments, createSafeFetcher, type SafeFetcher } from "@scamverify/providers";
import { CookieBrowser, startOAuthServer, type OAuthTestServer } from "./support.js";

const insecure = { [oauth.allowInsecureRequests]: true } as const;
const REDIRECT = "http://127.0.0.1:7777/callback";

let srv: OAuthTestServer;
let fetcher: SafeFetcher;
let docs: Server;
let docsBase: string;
let as: oauth.AuthorizationServer;
const served = new Map<string, { body: string; type?: string }>();
let fetches = 0;

beforeAll(async () => {
  docs = createServer((req, res) => {
    fetches++;
    const doc = served.get(req.url ?? "");
    if (!doc) return res.writeHead(404).end();
    res
      .writeHead(200, { "content-type": doc.type ?? "application/json", "cache-control": "max-age=600" })
      .end(doc.body);
  });
  await new Promise<void>((resolve) => docs.listen(0, "127.0.0.1", resolve));
  docsBase = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`;
  fetcher = createSafeFetcher({ allowLoopbackForTests: true });
  srv = await startOAuthServer({
    clientMetadata: createClientMetadataDocuments({ fetcher, allowLoopbackHttpForTests: true }),
  });
  as = await oauth.processDiscoveryResponse(
    new URL(srv.baseUrl),
    await oauth.discoveryRequest(new URL(srv.baseUrl), { algorithm: "oauth2", ...insecure }),
  );
});

afterAll(async () => {
  await srv?.close();
  await fetcher?.close();
  await new Promise<void>((resolve) => docs.close(() => resolve()));
});

function publish(path: string, metadata: Record<string, unknown>, type?: string): string {
  const clientId = `${docsBase}${path}`;
  served.set(path, { body: JSON.stringify({ client_id: clientId, ...metadata }), ...(type ? { type } : {}) });
  return clientId;
}

async function authorize(
  clientId: string,
  verifier: string,
  state: string,
): Promise<{ status: number; location: string | null; html: string; browser: CookieBrowser }> {
  const url = new URL(as.authorization_endpoint ?? "");
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("redirect_uri", REDIRECT);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", state);
  url.searchParams.set("resource", `${srv.baseUrl}/api/mcp`);
  const browser = new CookieBrowser(srv.baseUrl);
  const page = await browser.request(`${url.pathname}${url.search}`);
  return { ...page, browser };
}

describe("Client ID Metadata Documents", () => {
  it("advertises client_id_metadata_document_supported in the authorization server metadata", () => {
    expect(as["client_id_metadata_document_supported"]).toBe(true);
    expect(as.registration_endpoint).toBeDefined(); // dynamic registration stays beside it
  });

  it("completes the authorization code flow with PKCE for a client known only by its document URL", async () => {
    const clientId = publish("/clients/assistant.json", {
      client_name: "Local Assistant",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "none",
    });
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const user = { email: "cimd.user@example.com", password: "correct horse battery", signUp: true };
    const browser = new CookieBrowser(srv.baseUrl);
    const url = new URL(as.authorization_endpoint ?? "");
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      resource: `${srv.baseUrl}/api/mcp`,
    }))
      url.searchParams.set(k, v);
    const consent = await browser.request(`${url.pathname}${url.search}`);
    expect(consent.status).toBe(302); // to sign-in: the client was accepted
    const callback = await browser.authorize(`${url.pathname}${url.search}`, user);

    const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: "none" };
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, {
      ...insecure,
      additionalParameters: { resource: `${srv.baseUrl}/api/mcp` },
    });
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, res);
    expect(tokens.access_token).toMatch(/^svat_/);
    expect(tokens.refresh_token).toMatch(/^svrt_/);
    // The stored client is the document's, under its URL.
    expect(await srv.deps.store.findClient(clientId)).toMatchObject({
      clientName: "Local Assistant",
      secretHash: null,
      redirectUris: [REDIRECT],
    });
    // The document was fetched once and then served from the cache (max-age=600), across authorize and token.
    const before = fetches;
    const refreshed = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token ?? "", {
      ...insecure,
      additionalParameters: { resource: `${srv.baseUrl}/api/mcp` },
    });
    expect((await oauth.processRefreshTokenResponse(as, client, refreshed)).access_token).toMatch(/^svat_/);
    expect(fetches).toBe(before);
  });

  it("refuses a document whose client_id is not its URL, a redirect_uri it does not list, a secret, and a non-JSON answer", async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    served.set("/clients/liar.json", {
      body: JSON.stringify({ client_id: `${docsBase}/clients/other.json`, redirect_uris: [REDIRECT] }),
    });
    const liar = await authorize(`${docsBase}/clients/liar.json`, verifier, "s1");
    expect(liar.status).toBe(400);
    expect(liar.html).toContain("its client_id is not the URL it was fetched from");

    const elsewhere = publish("/clients/elsewhere.json", { redirect_uris: ["http://127.0.0.1:9999/other"] });
    const wrongRedirect = await authorize(elsewhere, verifier, "s2");
    expect(wrongRedirect.status).toBe(400);
    expect(wrongRedirect.html).toContain("redirect_uri does not match");

    const secretive = publish("/clients/secret.json", {
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "client_secret_basic",
    });
    expect((await authorize(secretive, verifier, "s3")).html).toContain("token_endpoint_auth_method must be none");

    const html = publish("/clients/page.json", { redirect_uris: [REDIRECT] }, "text/html");
    expect((await authorize(html, verifier, "s4")).html).toContain("not served as application/json");

    expect((await authorize(`${docsBase}/clients/missing.json`, verifier, "s5")).html).toContain("answered HTTP 404");
  });

  it("treats https client_ids as unknown clients when the server has no document fetcher", async () => {
    const plain = await startOAuthServer();
    try {
      const meta = (await (await fetch(`${plain.baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<
        string,
        unknown
      >;
      expect(meta["client_id_metadata_document_supported"]).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
