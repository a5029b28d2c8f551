// Streamable HTTP for POST /api/mcp, stateless: each request gets its own server and transport, so any process
// behind a load balancer can answer. Maps bearer authentication to RFC 6750 / RFC 9728 challenges (401 with
// resource_metadata, 403 insufficient_scope naming the scope), checks Origin and MCP-Protocol-Version.
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { SCOPES, type AppError, type Principal, type Scope } from "@scamverify/core";
import type { Result } from "neverthrow";
import { createMcpServer } from "./create-mcp-server.js";
import { findTool, type McpEngine } from "./tools.js";

export interface McpHttpHandlerDeps {
  readonly engine: McpEngine & {
    authenticate(authorization: string | undefined): Promise<Result<Principal, AppError>>;
  };
  /** Public base URL without a trailing slash; the MCP resource is `{baseUrl}/api/mcp`. */
  readonly baseUrl: string;
  /** Browser origins allowed to call (DNS rebinding defence); the base URL's own origin is always allowed. */
  readonly allowedOrigins?: readonly string[];
  /** Largest request body (bytes) after decoding; default MCP_MAX_BODY_BYTES. */
  readonly maxBodyBytes?: number;
  /** The server's body reader. */
  readonly readBody: JsonBodyReader;
  readonly version?: string;
}

/**
 * The default body limit: a tools/call carrying a 10 MiB upload as base64 (13,981,016 characters) and its other
 * arguments fits; a body past it is answered 413 before it is parsed.
 */
export const MCP_MAX_BODY_BYTES = 16 * 1024 * 1024;

type Handler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => Promise<void>;

interface JsonRpcMessage {
  readonly jsonrpc?: unknown;
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: { readonly name?: unknown; readonly arguments?: unknown };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

function rpcError(id: unknown, code: number, message: string, data?: unknown) {
  return { jsonrpc: "2.0", id: id ?? null, error: { code, message, ...(data !== undefined ? { data } : {}) } };
}

/**
 * Reads the request's JSON body: the host server's one body reader (adapters-http `readJsonBody`), which refuses a
 * wrong type or charset, a body over `limit` and malformed JSON, and reads a refused body off (closing the connection
 * through `res` when there is too much of it). `undefined` when the request has no body.
 */
export type JsonBodyReader = (
  req: IncomingMessage,
  limit: number,
  res: ServerResponse,
) => Promise<Result<unknown, AppError>>;

/** A refused body as JSON-RPC answers it: HTTP status, error code and message. */
function bodyRefusal(error: AppError): { status: number; code: number } {
  switch (error.code) {
    case "payload_too_large":
      return { status: 413, code: -32600 };
    case "unsupported_media_type":
      return { status: 415, code: -32600 };
    default:
      // Malformed JSON, bytes that do not decode, a body cut off: the server could not parse what it received.
      return { status: 400, code: -32700 };
  }
}

/**
 * JSON-RPC 2.0 section 6: a request is an object, a batch a non-empty array of them. Anything else (`[]`, `1`,
 * `null`) gets one Invalid Request error, not an empty 202.
 */
function isJsonRpcShape(body: unknown): boolean {
  const isObject = (v: unknown): boolean => v !== null && typeof v === "object" && !Array.isArray(v);
  if (Array.isArray(body)) return body.length > 0 && body.every(isObject);
  return isObject(body);
}

/** The scopes the request's tool calls need and the principal lacks (batched JSON-RPC included). */
function missingScopes(
  body: unknown,
  principal: Principal,
  registry: McpEngine["registry"],
): { id: unknown; scopes: Scope[] } | null {
  const messages = (Array.isArray(body) ? body : [body]) as JsonRpcMessage[];
  const missing = new Set<Scope>();
  let id: unknown = null;
  for (const m of messages) {
    if (m?.method !== "tools/call" || typeof m.params?.name !== "string") continue;
    const tool = findTool(m.params.name, registry);
    if (!tool) continue;
    const args =
      m.params.arguments && typeof m.params.arguments === "object"
        ? (m.params.arguments as Record<string, unknown>)
        : {};
    const scope = tool.requiredScope(args);
    if (scope !== null && !principal.scopes.includes(scope)) {
      missing.add(scope);
      id = m.id;
    }
  }
  return missing.size > 0 ? { id, scopes: [...missing] } : null;
}

/**
 * Express-mountable handler for the MCP endpoint: `app.all("/api/mcp", createMcpHttpHandler(deps))`. Accepts
 * OAuth access tokens (audience {baseUrl}/api/mcp) and API keys (every scope) as bearer credentials.
 */
export function createMcpHttpHandler(deps: McpHttpHandlerDeps): Handler {
  const base = deps.baseUrl.replace(/\/+$/, "");
  const resource = `${base}/api/mcp`;
  const metadataUrl = `${base}/.well-known/oauth-protected-resource/api/mcp`;
  const origins = new Set([new URL(base).origin, ...(deps.allowedOrigins ?? [])]);
  const limit = deps.maxBodyBytes ?? MCP_MAX_BODY_BYTES;

  const challenge = (extra: string, scopes: readonly string[] = SCOPES): string =>
    `Bearer resource_metadata="${metadataUrl}", scope="${scopes.join(" ")}"${extra}`;

  const unauthorized = (res: ServerResponse, tokenSent: boolean, message: string): void => {
    const extra = tokenSent ? `, error="invalid_token", error_description="${message.replace(/"/g, "'")}"` : "";
    sendJson(res, 401, rpcError(null, -32001, message), { "www-authenticate": challenge(extra) });
  };

  return async (req, res, next) => {
    try {
      if (req.method !== "POST") {
        // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
        sendJson(res, 405, rpcError(null, -32000, "Method not allowed: this MCP endpoint accepts POST only"), {
          allow: "POST",
        });
        return;
      }
      const origin = req.headers.origin;
      if (origin !== undefined && !origins.has(origin)) {
        sendJson(res, 403, rpcError(null, -32000, `Origin not allowed: ${origin}`));
        return;
      }
      const version = req.headers["mcp-protocol-version"];
      if (typeof version === "string" && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
        sendJson(res, 400, rpcError(null, -32000, `Unsupported MCP-Protocol-Version: ${version}`));
        return;
      }

      const authorization = req.headers.authorization;
      const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
      if (!bearer) {
        unauthorized(res, false, "Authorization required: send 'Authorization: Bearer <access token>'");
        return;
      }
      const principal = await deps.engine.authenticate(authorization);
      if (principal.isErr()) {
        if (principal.error.code === "service_unavailable" || principal.error.code === "internal_error") {
          sendJson(res, 503, rpcError(null, -32603, principal.error.message), { "retry-after": "5" });
          return;
        }
        unauthorized(res, true, principal.error.message);
        return;
      }
      // An access token is bound to the resource it was issued for (RFC 8707); API keys are not.
      if (principal.value.resource !== undefined && principal.value.resource !== resource) {
        unauthorized(res, true, "The access token was not issued for this resource");
        return;
      }

      const read = await deps.readBody(req, limit, res);
      if (read.isErr()) {
        const { status, code } = bodyRefusal(read.error);
        sendJson(res, status, rpcError(null, code, read.error.message));
        return;
      }
      const body = read.value;
      if (!isJsonRpcShape(body)) {
        sendJson(
          res,
          400,
          rpcError(null, -32600, "Invalid Request: send a JSON-RPC request object or a non-empty batch"),
        );
        return;
      }
      const lacking = missingScopes(body, principal.value, deps.engine.registry);
      if (lacking) {
        const scope = lacking.scopes.join(" ");
        sendJson(
          res,
          403,
          rpcError(lacking.id, -32001, `Insufficient scope: this call needs ${scope}`, {
            code: "insufficient_scope",
            required_scope: scope,
          }),
          {
            "www-authenticate": `Bearer error="insufficient_scope", scope="${[...new Set([...principal.value.scopes, ...lacking.scopes])].join(" ")}", resource_metadata="${metadataUrl}", error_description="This call needs ${scope}"`,
          },
        );
        return;
      }

      const server = createMcpServer({
        engine: deps.engine,
        principal: principal.value,
        ...(deps.version ? { version: deps.version } : {}),
      });
      // No sessionIdGenerator: stateless mode (the SDK's `sessionIdGenerator: undefined`), plain JSON responses.
      const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
      res.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (error) {
      if (next) return next(error);
      if (!res.headersSent) sendJson(res, 500, rpcError(null, -32603, "Internal error"));
    }
  };
}
