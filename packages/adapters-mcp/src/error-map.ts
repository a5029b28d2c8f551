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
  method_not_allowed: "protocol",
};

/** The JSON-RPC error for a protocol-level failure; the wire code and details travel in `data`. */
export function toMcpError(e: AppError): McpError {
  const code =
    e.code === "internal_error" || e.code === "service_unavailable"
      ? JsonRpcCode.InternalError
      : JsonRpcCode.InvalidRequest;
  return new McpError(code, e.message, { code: e.code, ...(e.details ? { details: e.details } : {}) });
}

/**
 * The isError tool result: the message for the model, and the error envelope. A tool that declares an output
 * schema gets the envelope as a second text block, not as structured content: MCP clients check structured content
 * against the tool's output schema, errors included, and an envelope is not a result.
 */
export function toToolError(e: AppError, structured = true) {
  const error = {
    code: e.code,
    message: e.message,
    ...(e.details ? { details: e.details } : {}),
    ...(e.retryAfter !== undefined ? { retry_after: e.retryAfter } : {}),
    ...(e.upgradeUrl ? { upgrade_url: e.upgradeUrl } : {}),
  };
  const message = { type: "text" as const, text: `${e.code}: ${e.message}` };
  return structured
    ? { isError: true, content: [message], structuredContent: { error } }
    : { isError: true, content: [message, { type: "text" as const, text: JSON.stringify({ error }) }] };
}

/** The error envelope of an isError tool result, from its structured content or its second text block. */
export function toolErrorOf(result: unknown): { code: string; message: string; details?: unknown } | undefined {
  const r = (result ?? {}) as { structuredContent?: unknown; content?: unknown };
  const structured = (r.structuredContent as { error?: { code: string; message: string } } | undefined)?.error;
  if (structured !== undefined) return structured;
  const blocks = Array.isArray(r.content) ? (r.content as { type?: string; text?: string }[]) : [];
  const text = blocks[1]?.type === "text" ? blocks[1].text : undefined;
  if (text === undefined) return undefined;
  try {
    return (JSON.parse(text) as { error?: { code: string; message: string } }).error;
  } catch {
    return undefined;
  }
}
