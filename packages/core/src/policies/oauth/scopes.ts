import { err, ok, type Result } from "neverthrow";
import { SCOPES, type Scope } from "../../schemas/scopes.js";
import { oauthError, type OAuthError } from "./oauth-error.js";

function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/**
 * Parses a space-separated scope parameter. Absent or blank grants all five scopes (the spec's rule);
 * an unknown name is invalid_scope. The result is de-duplicated and in canonical order.
 */
export function parseScopes(scope: string | undefined): Result<Scope[], OAuthError> {
  const names = (scope ?? "").split(" ").filter((s) => s.length > 0);
  if (names.length === 0) return ok([...SCOPES]);
  const unknown = names.filter((n) => !isScope(n));
  if (unknown.length > 0) return err(oauthError("invalid_scope", `Unknown scope: ${unknown.join(", ")}`));
  return ok(SCOPES.filter((s) => names.includes(s)));
}

/** Parses stored or granted scopes, dropping anything no longer known. */
export function toScopes(values: readonly string[]): Scope[] {
  return SCOPES.filter((s) => values.includes(s));
}

export function formatScopes(scopes: readonly Scope[]): string {
  return scopes.join(" ");
}

/** true when every requested scope is in the granted set (refresh may narrow, never widen). */
export function isSubsetOf(requested: readonly Scope[], granted: readonly Scope[]): boolean {
  return requested.every((s) => granted.includes(s));
}
