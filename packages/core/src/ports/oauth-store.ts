import type { GrantType, TokenEndpointAuthMethod } from "../schemas/oauth.js";

export interface OAuthClient {
  readonly clientId: string;
  /** Hex SHA-256 of the client secret; null for public clients (token_endpoint_auth_method "none"). */
  readonly secretHash: string | null;
  readonly clientName: string;
  readonly redirectUris: readonly string[];
  readonly grantTypes: readonly GrantType[];
  readonly tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  readonly createdAt: Date;
}

/**
 * A grant: everything issued from one authorization code (the code, then each access and refresh token rotated
 * from it). Revoking the family kills all of them at once (code replay, refresh token replay).
 */
export interface TokenFamily {
  readonly id: string;
  readonly clientId: string;
  readonly accountId: string;
  /** Scopes the user approved; a refresh may narrow what a token carries, never exceed these. */
  readonly scopes: readonly string[];
  /** RFC 8707 audience the tokens are bound to. */
  readonly resource: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}

export interface AuthorizationCodeRecord {
  /** Hex SHA-256 of the code. */
  readonly codeHash: string;
  readonly familyId: string;
  readonly clientId: string;
  readonly accountId: string;
  readonly redirectUri: string;
  /** S256 challenge (base64url). */
  readonly codeChallenge: string;
  readonly scopes: readonly string[];
  readonly resource: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

export interface AccessTokenRecord {
  /** Hex SHA-256 of the token. */
  readonly tokenHash: string;
  readonly familyId: string;
  readonly clientId: string;
  readonly accountId: string;
  readonly scopes: readonly string[];
  readonly resource: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export interface RefreshTokenRecord {
  readonly tokenHash: string;
  readonly familyId: string;
  readonly clientId: string;
  readonly accountId: string;
  readonly scopes: readonly string[];
  readonly resource: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  /** When it was exchanged for a new pair; a second use of a rotated token is a replay. */
  readonly rotatedAt: Date | null;
}

/** A token together with the revocation state of its family. */
export interface WithFamily<T> {
  readonly record: T;
  readonly familyRevokedAt: Date | null;
}

export interface IssuedTokens {
  readonly access: AccessTokenRecord;
  readonly refresh: RefreshTokenRecord;
}

export type ConsumeCodeOutcome =
  /** This call consumed the code; it was unused until now. */
  | { readonly status: "consumed"; readonly code: AuthorizationCodeRecord }
  /** The code had been consumed before (by this or a concurrent call): a replay. */
  | { readonly status: "already_used"; readonly code: AuthorizationCodeRecord }
  | { readonly status: "not_found" };

export type RotateOutcome =
  /** This call rotated the token and stored `next`. */
  | { readonly status: "rotated" }
  /** The token had been rotated before: a replay; nothing was stored. */
  | { readonly status: "already_rotated" }
  /** Its family is revoked; nothing was stored. */
  | { readonly status: "revoked" }
  | { readonly status: "not_found" };

export interface OAuthSession {
  /** Hex SHA-256 of the session id carried by the cookie. */
  readonly idHash: string;
  readonly accountId: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/**
 * Clients, authorization codes, token families and sign-in sessions of the OAuth server. Every secret is stored as
 * its SHA-256 hash; the store never sees a raw value. Single use of codes and refresh tokens is enforced here,
 * atomically, so that many processes sharing one database still let exactly one caller win.
 */
export interface OAuthStore {
  /** Inserts a client. Throws StoreError("conflict") when the client_id exists (ids are random, so a bug). */
  createClient(client: OAuthClient): Promise<void>;
  /**
   * Inserts the client, or replaces the one with its client_id (a client identified by its metadata document URL,
   * saved again whenever the document is fetched). Idempotent.
   */
  saveClient(client: OAuthClient): Promise<void>;
  /** null when no client has this id. */
  findClient(clientId: string): Promise<OAuthClient | null>;

  /** Inserts the code and opens its token family (not revoked) in one step. */
  createCode(code: AuthorizationCodeRecord, family: TokenFamily): Promise<void>;
  /**
   * Marks the code used at `at` if it was unused, atomically: of concurrent callers exactly one gets "consumed".
   * Expiry is not checked here (the use case decides); a used code is never un-used.
   */
  consumeCode(codeHash: string, at: Date): Promise<ConsumeCodeOutcome>;

  /** The family; null when unknown. */
  findFamily(familyId: string): Promise<TokenFamily | null>;
  /** Sets revokedAt on the family (keeps the first time); every token of the family dies with it. Idempotent. */
  revokeFamily(familyId: string, at: Date): Promise<void>;

  /** Stores a new access and refresh token of an existing family (after a code exchange). */
  saveTokens(tokens: IssuedTokens): Promise<void>;
  /** null when unknown. Expired and revoked tokens are returned too: the caller tells them apart. */
  findAccessToken(tokenHash: string): Promise<WithFamily<AccessTokenRecord> | null>;
  /** null when unknown. Expired, rotated and revoked tokens are returned too. */
  findRefreshToken(tokenHash: string): Promise<WithFamily<RefreshTokenRecord> | null>;
  /**
   * Marks the refresh token rotated at `at` and stores `next`, in one atomic step, only if the token was not yet
   * rotated and its family is not revoked: of concurrent callers with the same token exactly one gets "rotated".
   */
  rotateRefreshToken(tokenHash: string, at: Date, next: IssuedTokens): Promise<RotateOutcome>;

  createSession(session: OAuthSession): Promise<void>;
  /** null when unknown or expired at `now`. */
  findSession(idHash: string, now: Date): Promise<OAuthSession | null>;
  /** Idempotent. */
  deleteSession(idHash: string): Promise<void>;
}
