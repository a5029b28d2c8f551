// How each wire error reaches an MCP client: a tool result with isError (the model can read it and act: fix the
// input, wait, tell the user the quota is spent) or a JSON-RPC protocol error (authentication and server faults,
// which the model cannot fix). Typed by ErrorCode so a new code fails the build until it is placed.
import { ErrorCode as JsonRpcCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { AppError, ErrorCode } from "@scamverify/core";

export const MCP_ERROR_KIND: Readonly<Record<ErrorCode, "tool" | "protocol">> = {
  validation_error: "tool",
  missing_api_key: "protocol",
  invalid_api_key: "protocol",
  invalid_token: "protocol",
  insufficient_scope: "protocol",
  forbidden: "protocol",
  not_found: "tool",
  conflict: "tool",
  key_limit_reached: "tool",
  payload_too_large: "tool",
  unsupported_media_type: "tool",
  quota_exhausted: "tool",
  rate_limit_exceeded: "tool",
  internal_error: "protocol",
  service_unavailable: "protocol",
  idempotency_key_in_use: "tool",
  idempotency_key_reused: "tool",
};

/** The JSON-RPC error for a protocol-level failure; the wire code and details travel in `data`. */
export function toMcpError(e: AppError): McpError {
  const code =
    e.code === "internal_error" || e.code === "service_unavailable"
      ? JsonRpcCode.InternalError
      : JsonRpcCode.InvalidRequest;
  return new McpError(code, e.message, { code: e.code, ...(e.details ? { details: e.details } : {}) });
}

/** The isError tool result: the message for the model, and the error envelope as structured content. */
export function toToolError(e: AppError) {
  const error = {
    code: e.code,
    message: e.message,
    ...(e.details ? { details: e.details } : {}),
    ...(e.retryAfter !== undefined ? { retry_after: e.retryAfter } : {}),
    ...(e.upgradeUrl ? { upgrade_url: e.upgradeUrl } : {}),
  };
  return {
    isError: true,
    content: [{ type: "text" as const, text: `${e.code}: ${e.message}` }],
    structuredContent: { error },
  };
}
