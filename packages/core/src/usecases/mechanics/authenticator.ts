// Authentication: an Authorization header to a principal (API keys by their SHA-256 hash, OAuth access tokens
// through the verifier), with a short per-process memo so a hot key costs no database read on every call.
import { err, ok, type Result } from "neverthrow";
import { appError, type AppError } from "../../errors.js";
import type { Account } from "../../ports/account-store.js";
import type { ApiKeyRecord } from "../../ports/api-key-store.js";
import { ACCESS_TOKEN_PREFIX } from "../../policies/oauth/lifetimes.js";
import { KEY_PREFIXES } from "../../schemas/keys.js";
import { SCOPES } from "../../schemas/scopes.js";
import type { EngineConfig, EngineDeps, Principal } from "../deps.js";
import { guardStore } from "../guard-store.js";
import { ExpiringMemo } from "./memo.js";

const invalidKeyError = (): AppError => appError("invalid_api_key", "The API key is invalid or has been revoked.");
const invalidKey = (): Promise<Result<never, AppError>> => Promise.resolve(err(invalidKeyError()));

/** The bearer token of an Authorization header, or the refusal of a header without a usable one. */
function bearerOf(header: string | undefined): Result<string, AppError> {
  if (header === undefined || header.trim() === "") {
    return err(
      appError(
        "missing_api_key",
        "Missing API key. Send the header 'Authorization: Bearer <API_KEY>' (sv_live_... or sv_test_...).",
      ),
    );
  }
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header.trim())?.[1];
  if (token === undefined) {
    return err(appError("invalid_api_key", "Malformed Authorization header. Use 'Authorization: Bearer <API_KEY>'."));
  }
  return ok(token);
}

export class Authenticator {
  private readonly keys: ExpiringMemo<ApiKeyRecord | null>;
  private readonly accounts: ExpiringMemo<Account | null>;
  /** Each key record's principal, while the record is held (see keyPrincipal). */
  private readonly principals = new WeakMap<ApiKeyRecord, Result<Principal, AppError>>();

  constructor(
    private readonly deps: EngineDeps,
    config: EngineConfig,
  ) {
    this.keys = new ExpiringMemo(deps.clock, () => config.authCacheMs);
    this.accounts = new ExpiringMemo(deps.clock, () => config.authCacheMs);
  }

  authenticate(header: string | undefined): Promise<Result<Principal, AppError>> {
    const token = bearerOf(header);
    if (token.isErr()) return Promise.resolve(err(token.error));
    const value = token.value;
    return guardStore(() => (value.startsWith(ACCESS_TOKEN_PREFIX) ? this.accessToken(value) : this.apiKey(value)));
  }

  /**
   * What `authenticate` answers, at once, when it needs no store: a missing or malformed header, a key that cannot be
   * one, or a key this process holds with its account (a key revoked here is forgotten at once, so it is read again
   * and refused). undefined when a store must be read (a key or account not held, an OAuth access token).
   */
  held(header: string | undefined): Result<Principal, AppError> | undefined {
    const token = bearerOf(header);
    if (token.isErr()) return err(token.error);
    if (token.value.startsWith(ACCESS_TOKEN_PREFIX)) return undefined;
    const hash = this.keyHash(token.value);
    return hash === null ? err(invalidKeyError()) : this.heldKey(hash, this.deps.clock.now().getTime());
  }

  private async accessToken(token: string): Promise<Result<Principal, AppError>> {
    const verified = this.deps.accessTokens ? await this.deps.accessTokens.verify(token) : null;
    if (verified === null) return err(appError("invalid_token", "The access token is invalid, expired or revoked."));
    const account = await this.account(verified.accountId);
    if (account === null) return err(appError("invalid_token", "The access token's account no longer exists."));
    return ok({
      accountId: verified.accountId,
      mode: "live",
      via: "oauth",
      scopes: verified.scopes,
      clientId: verified.clientId,
      resource: verified.resource,
    });
  }

  private apiKey(token: string): Promise<Result<Principal, AppError>> {
    const hash = this.keyHash(token);
    if (hash === null) return invalidKey();
    // A key and account this process holds are answered without an async step: every request of a client pays this.
    const held = this.heldKey(hash, this.deps.clock.now().getTime());
    return held === undefined ? this.readApiKey(hash) : Promise.resolve(held);
  }

  /** The hash a key is looked up by; null when the token cannot be a key (its prefix or length). */
  private keyHash(token: string): string | null {
    if (!token.startsWith(KEY_PREFIXES.live) && !token.startsWith(KEY_PREFIXES.test)) return null;
    if (token.length < 40 || token.length > 128) return null;
    return this.deps.hasher.sha256Hex(token);
  }

  /** The answer for a key from what this process holds; undefined when the key or its account must be read. */
  private heldKey(hash: string, nowMs: number): Result<Principal, AppError> | undefined {
    const record = this.keys.peek(hash, nowMs);
    if (record === undefined) return undefined;
    if (record === null || !this.usable(record, hash)) return err(invalidKeyError());
    const account = this.accounts.peek(record.accountId, nowMs);
    if (account === undefined) return undefined;
    if (account === null) return err(invalidKeyError());
    return this.keyPrincipal(record);
  }

  private async readApiKey(hash: string): Promise<Result<Principal, AppError>> {
    const record = await this.keys.get(hash, () => this.deps.apiKeys.findByHash(hash));
    if (record === null || !this.usable(record, hash)) return invalidKey();
    const account = await this.account(record.accountId);
    if (account === null) return invalidKey();
    return this.keyPrincipal(record);
  }

  /** Not revoked, and its hash equal in constant time: the store looked the key up by its hash; check before trusting. */
  private usable(record: ApiKeyRecord, hash: string): boolean {
    return record.revokedAt === null && this.deps.hasher.timingSafeEqual(record.hash, hash);
  }

  /**
   * The principal of a key as this process last read it: made (and the key's use recorded) once per read, then the
   * same frozen answer for every request until the memo reads the key again. Use is recorded at most once per auth
   * cache time this way, and the store coalesces further (last_used_at is coarse by contract).
   */
  private keyPrincipal(record: ApiKeyRecord): Result<Principal, AppError> {
    let answer = this.principals.get(record);
    if (answer === undefined) {
      void this.deps.apiKeys.touch(record.id, this.deps.clock.now()).catch(() => undefined);
      const principal: Principal = Object.freeze({
        accountId: record.accountId,
        mode: record.mode,
        via: "api_key",
        scopes: SCOPES,
        keyId: record.id,
      });
      answer = ok(principal);
      this.principals.set(record, answer);
    }
    return answer;
  }

  /** The account as this process last read it (trusted for the auth cache time). */
  account(id: string): Promise<Account | null> {
    return this.accounts.get(id, () => this.deps.accounts.findById(id));
  }

  /** The account while this process trusts what it last read of it; undefined when it must be read (`account`). */
  heldAccount(id: string, nowMs?: number): Account | null | undefined {
    return this.accounts.peek(id, nowMs);
  }

  /** Forget what this process trusted about a key or account, so a change made here applies at once. */
  forgetKey(hash: string): void {
    this.keys.delete(hash);
  }

  forgetAccount(id: string): void {
    this.accounts.delete(id);
  }
}
