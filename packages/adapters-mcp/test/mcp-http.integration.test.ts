// The MCP endpoint over Streamable HTTP on 127.0.0.1, next to the real OAuth routers: the SDK's own client finds
// the authorization server from the 401 challenge, registers, gets consent (the pages driven headlessly), exchanges
// the code and then lists and calls tools. Then the transport rules: challenges, scopes, audience, Origin, methods.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { createOAuthConfig } from "@scamverify/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOAuthRouter } from "../../adapters-http/src/oauth/create-oauth-router.js";
import { createWellKnownRouter } from "../../adapters-http/src/oauth/create-well-known-router.js";
import { readJsonBody } from "../../adapters-http/src/request-body.js";
import { CookieBrowser } from "../../adapters-http/test/oauth/support.js";
import { createMcpHttpHandler, MCP_MAX_BODY_BYTES } from "../src/create-mcp-http-handler.js";
import { createWorld, LARGEST_PNG_SIZE, uncompressedPng, type TestWorld } from "./support.js";

let server: Server;
let world: TestWorld;
let baseUrl: string;
let mcpUrl: URL;

beforeAll(async () => {
  const app = express();
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mcpUrl = new URL(`${baseUrl}/api/mcp`);
  world = createWorld(baseUrl);
  app.use(createWellKnownRouter({ config: world.oauth.config }));
  app.use(createOAuthRouter({ oauth: world.oauth }));
  app.all(
    "/api/mcp",
    createMcpHttpHandler({
      engine: world.engine,
      baseUrl,
      readBody: readJsonBody,
    }),
  );
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** An MCP host's OAuth state kept in memory; the authorization URL is handed to the test's "browser". */
class TestAuthProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  readonly redirectUrl = "http://127.0.0.1:7654/oauth/callback";
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "SDK test host",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

async function rawPost(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(mcpUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

const listTools = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
const callTool = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: { name, arguments: args },
});

describe("MCP over Streamable HTTP with OAuth", () => {
  it("lets the SDK client discover, register, authorize and then call tools", async () => {
    const provider = new TestAuthProvider();
    const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    const client = new Client({ name: "sdk-test", version: "1.0.0" });
    await expect(client.connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toBeTruthy();
    const authUrl = provider.authorizationUrl;
    expect(authUrl?.origin + (authUrl?.pathname ?? "")).toBe(`${baseUrl}/api/oauth/authorize`);
    expect(authUrl?.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authUrl?.searchParams.get("resource")).toBe(`${baseUrl}/api/mcp`);

    const callback = await new CookieBrowser(baseUrl).authorize(authUrl?.toString() ?? "", {
      email: "sdk.user@example.com",
      password: "sdk user password",
      signUp: true,
    });
    expect(callback.searchParams.get("iss")).toBe(baseUrl);
    await first.finishAuth(callback.searchParams.get("code") ?? "");
    expect(provider.saved?.access_token).toMatch(/^svat_/);
    expect(provider.saved?.refresh_token).toMatch(/^svrt_/);

    const connected = new Client({ name: "sdk-test", version: "1.0.0" });
    await connected.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const { tools } = await connected.listTools();
    expect(tools.map((t) => t.name)).toContain("check_url");
    const res = await connected.callTool({ name: "check_url", arguments: { url: "https://example.org/login" } });
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toMatchObject({ url: expect.any(String), verdict: expect.any(String) });
    const usage = await connected.callTool({ name: "get_usage", arguments: {} });
    expect((usage.structuredContent as { quotas: { url: { used: number } } }).quotas.url.used).toBe(1);
    await connected.close();
  });

  it("answers a request without a token with 401 and the resource metadata challenge", async () => {
    const res = await rawPost(listTools);
    expect(res.status).toBe(401);
    const challenge = res.headers.get("www-authenticate") ?? "";
    expect(challenge).toContain(`resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/api/mcp"`);
    expect(challenge).toContain('scope="phone:lookup url:lookup text:analyze email:analyze usage:read"');
    expect(challenge).not.toContain("error=");
  });

  it("answers an unknown or expired token with 401 invalid_token", async () => {
    const bogus = await rawPost(listTools, { authorization: "Bearer svat_notarealtoken" });
    expect(bogus.status).toBe(401);
    expect(bogus.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const { accountId } = await world.account();
    const token = await world.accessToken(accountId);
    expect((await rawPost(listTools, { authorization: `Bearer ${token}` })).status).toBe(200);
    world.oauth.clock.advance(60 * 60_000);
    const expired = await rawPost(listTools, { authorization: `Bearer ${token}` });
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("answers a tool call outside the token's scopes with 403 insufficient_scope naming the scope", async () => {
    const { accountId } = await world.account();
    const token = await world.accessToken(accountId, "phone:lookup");
    const res = await rawPost(callTool("check_url", { url: "https://example.org" }), {
      authorization: `Bearer ${token}`,
    });
    expect(res.status).toBe(403);
    const challenge = res.headers.get("www-authenticate") ?? "";
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="phone:lookup url:lookup"');
    expect(JSON.stringify(res.body)).toContain("url:lookup");
    const allowed = await rawPost(callTool("check_phone", { phone_number: "+14155552671" }), {
      authorization: `Bearer ${token}`,
    });
    expect(allowed.status).toBe(200);
    expect((allowed.body?.["result"] as { isError?: boolean }).isError).toBeFalsy();
  });

  it("refuses a token minted for another resource", async () => {
    const { accountId } = await world.account();
    const other = { ...world.oauth, config: createOAuthConfig("https://elsewhere.example") };
    const { createAuthorizationCode, exchangeCode, registerClient, validateAuthorizationRequest } =
      await import("@scamverify/core");
    const reg = (
      await registerClient(other, { redirect_uris: ["http://127.0.0.1:9/cb"], token_endpoint_auth_method: "none" })
    )._unsafeUnwrap();
    const verifier = "v".repeat(43);
    const req = await validateAuthorizationRequest(other, {
      response_type: "code",
      client_id: reg.client_id,
      redirect_uri: "http://127.0.0.1:9/cb",
      code_challenge: world.oauth.hasher.sha256Base64Url(verifier),
      code_challenge_method: "S256",
    });
    const { code } = await createAuthorizationCode(other, req._unsafeUnwrap(), accountId);
    const tokens = await exchangeCode(other, {
      credentials: { clientId: reg.client_id, clientSecret: undefined, method: "none" },
      code,
      codeVerifier: verifier,
      redirectUri: "http://127.0.0.1:9/cb",
      resource: undefined,
    });
    const res = await rawPost(listTools, { authorization: `Bearer ${tokens._unsafeUnwrap().access_token}` });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("accepts API keys as bearer credentials", async () => {
    const { apiKey } = await world.account();
    const res = await rawPost(listTools, { authorization: `Bearer ${apiKey}` });
    expect(res.status).toBe(200);
    expect(((res.body?.["result"] as { tools: unknown[] }).tools ?? []).length).toBe(15);
  });

  it("takes a tool call carrying a 10 MiB upload as base64 and answers a body over the limit with 413", async () => {
    const { apiKey } = await world.account();
    const auth = { authorization: `Bearer ${apiKey}` };
    const png = uncompressedPng(LARGEST_PNG_SIZE.width, LARGEST_PNG_SIZE.height);
    const fits = await rawPost(
      callTool("check_qr", { file_base64: png.toString("base64"), media_type: "image/png" }),
      auth,
    );
    expect(fits.status).toBe(200);
    const result = fits.body?.["result"] as { isError?: boolean; structuredContent?: Record<string, unknown> };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ qr_found: false });
    const over = await rawPost(callTool("check_qr", { file_base64: "A".repeat(MCP_MAX_BODY_BYTES) }), auth);
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      error: { code: -32600, message: `The body exceeds the limit of ${MCP_MAX_BODY_BYTES} bytes.` },
    });
  });

  it("refuses GET and DELETE with 405, a foreign Origin with 403 and an unknown protocol version with 400", async () => {
    const { apiKey } = await world.account();
    const auth = { authorization: `Bearer ${apiKey}` };
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(mcpUrl, { method, headers: auth });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
    expect((await rawPost(listTools, { ...auth, origin: "https://evil.example" })).status).toBe(403);
    expect((await rawPost(listTools, { ...auth, origin: baseUrl })).status).toBe(200);
    expect((await rawPost(listTools, { ...auth, "mcp-protocol-version": "1999-01-01" })).status).toBe(400);
    expect((await rawPost(listTools, { ...auth, "mcp-protocol-version": "2025-06-18" })).status).toBe(200);
  });
});
