// The scope a client registered with (RFC 7591 2, "scope"): the most it may be granted. It travels inside the
// client_id the server issues, so every store keeps it without a column of its own and no one can alter it (a
// changed client_id is an unknown client).
import { SCOPES, type Scope } from "../../schemas/scopes.js";

// Scope names hold a colon; the client_id keeps to unreserved URL characters so it survives form encoding as is.
const toToken = (s: Scope): string => s.replace(":", "-");

/** The client_id for a new client: the bare id, or the id followed by its registered scopes (`<id>.url-lookup`). */
export function clientIdFor(id: string, registered: readonly Scope[] | undefined): string {
  if (registered === undefined) return id;
  return [id, ...registered.map(toToken)].join(".");
}

/**
 * The scopes a client may be granted: every scope when it registered without one, otherwise the registered ones
 * still known (a scope later retired drops out, and an empty ceiling then refuses every authorization).
 */
export function scopeCeiling(clientId: string): readonly Scope[] {
  // A client named by its metadata document URL registered no scope here: the consent page is its only limit.
  if (/^https?:\/\//i.test(clientId)) return SCOPES;
  const dot = clientId.indexOf(".");
  if (dot < 0) return SCOPES;
  const tokens = clientId.slice(dot + 1).split(".");
  return SCOPES.filter((s) => tokens.includes(toToken(s)));
}
