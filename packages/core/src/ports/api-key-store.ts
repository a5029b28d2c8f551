import type { KeyMode } from "../schemas/keys.js";

export interface ApiKeyRecord {
  readonly id: string;
  readonly accountId: string;
  readonly name: string;
  readonly mode: KeyMode;
  /** The first 12 characters of the key, shown to recognise it. */
  readonly prefix: string;
  /** Hex SHA-256 of the full key. The key itself is never stored. */
  readonly hash: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
}

export interface ApiKeyStore {
  /**
   * Inserts the key unless the account already has `maxActive` keys that are not revoked, atomically: under
   * concurrent calls no more than `maxActive` are ever active. Returns "limit_reached" without change.
   */
  create(
    key: Omit<ApiKeyRecord, "lastUsedAt" | "revokedAt">,
    maxActive: number,
  ): Promise<ApiKeyRecord | "limit_reached">;
  /** The key with this hash, revoked or not; null when none. */
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  /** null when the key does not exist or belongs to another account. */
  findById(accountId: string, keyId: string): Promise<ApiKeyRecord | null>;
  /** All keys of the account, newest first, revoked included. */
  list(accountId: string): Promise<ApiKeyRecord[]>;
  /** Sets revokedAt (keeps the first revocation time). null when not found for this account. */
  revoke(accountId: string, keyId: string, at: Date): Promise<ApiKeyRecord | null>;
  /** null when not found for this account. */
  rename(accountId: string, keyId: string, name: string): Promise<ApiKeyRecord | null>;
  /** Records use; best effort, may be coalesced by the adapter. */
  touch(keyId: string, at: Date): Promise<void>;
}
