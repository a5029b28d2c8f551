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

const invalidKey = (): Promise<Result<never, AppError>> =>
  Promise.resolve(err(appError("invalid_api_key", "The API key is invalid or has been revoked.")));

export class Authenticator {
  private readonly keys: ExpiringMemo<ApiKeyRecord | null>;
  private readonly accounts: ExpiringMemo<Account | null>;

  constructor(
    private readonly deps: EngineDeps,
    config: EngineConfig,
  ) {
    this.keys = new ExpiringMemo(deps.clock, () => config.authCacheMs);
    this.accounts = new ExpiringMemo(deps.clock, () => config.authCacheMs);
  }

  async authenticate(header: string | undefined): Promise<Result<Principal, AppError>> {
    if (header === undefined || header.trim() === "") {
      return err(
        appError(
          "missing_api_key",
          "Missing API key. Send the header 'Authorization: Bearer <API_KEY>' (sv_live_... or sv_test_...).",
        ),
      );
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
    const token = match?.[1];
    if (token === undefined) {
      return err(appError("invalid_api_key", "Malformed Authorization header. Use 'Authorization: Bearer <API_KEY>'."));
    }
    return guardStore(() => (token.startsWith(ACCESS_TOKEN_PREFIX) ? this.accessToken(token) : this.apiKey(token)));
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
    if (!token.startsWith(KEY_PREFIXES.live) && !token.startsWith(KEY_PREFIXES.test)) return invalidKey();
    if (token.length < 40 || token.length > 128) return invalidKey();
    const hash = this.deps.hasher.sha256Hex(token);
    // A key and account this process holds are answered without an async step: every request of a client pays this.
    const record = this.keys.peek(hash);
    if (record === null) return invalidKey();
    if (record !== undefined) {
      if (!this.usable(record, hash)) return invalidKey();
      const account = this.accounts.peek(record.accountId);
      if (account === null) return invalidKey();
      if (account !== undefined) return Promise.resolve(this.keyPrincipal(record));
    }
    return this.readApiKey(hash);
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

  private keyPrincipal(record: ApiKeyRecord): Result<Principal, AppError> {
    void this.deps.apiKeys.touch(record.id, this.deps.clock.now()).catch(() => undefined);
    return ok({ accountId: record.accountId, mode: record.mode, via: "api_key", scopes: SCOPES, keyId: record.id });
  }

  /** The account as this process last read it (trusted for the auth cache time). */
  account(id: string): Promise<Account | null> {
    return this.accounts.get(id, () => this.deps.accounts.findById(id));
  }

  /** The account while this process trusts what it last read of it; undefined when it must be read (`account`). */
  heldAccount(id: string): Account | null | undefined {
    return this.accounts.peek(id);
  }

  /** Forget what this process trusted about a key or account, so a change made here applies at once. */
  forgetKey(hash: string): void {
    this.keys.delete(hash);
  }

  forgetAccount(id: string): void {
    this.accounts.delete(id);
  }
}
