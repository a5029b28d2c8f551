// ApiKeyStore in process memory. Each method runs without an await between its check and its write, so
// the max-active limit holds under concurrent calls exactly as the SQL adapter's row lock makes it hold.
import { StoreError } from "../errors.js";
import type { ApiKeyRecord, ApiKeyStore } from "../ports/api-key-store.js";

function copy(k: ApiKeyRecord): ApiKeyRecord {
  return {
    ...k,
    createdAt: new Date(k.createdAt),
    lastUsedAt: k.lastUsedAt === null ? null : new Date(k.lastUsedAt),
    revokedAt: k.revokedAt === null ? null : new Date(k.revokedAt),
  };
}

export class InMemoryApiKeyStore implements ApiKeyStore {
  private readonly keys = new Map<string, ApiKeyRecord>();

  async create(
    key: Omit<ApiKeyRecord, "lastUsedAt" | "revokedAt">,
    maxActive: number,
  ): Promise<ApiKeyRecord | "limit_reached"> {
    let active = 0;
    for (const k of this.keys.values()) {
      if (k.accountId === key.accountId && k.revokedAt === null) active += 1;
      if (k.hash === key.hash || k.id === key.id) throw new StoreError("conflict", "api key id or hash exists", false);
    }
    if (active >= maxActive) return "limit_reached";
    const stored = copy({ ...key, lastUsedAt: null, revokedAt: null });
    this.keys.set(stored.id, stored);
    return copy(stored);
  }

  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    for (const k of this.keys.values()) if (k.hash === hash) return copy(k);
    return null;
  }

  async findById(accountId: string, keyId: string): Promise<ApiKeyRecord | null> {
    const k = this.keys.get(keyId);
    return k && k.accountId === accountId ? copy(k) : null;
  }

  async list(accountId: string): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()]
      .filter((k) => k.accountId === accountId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map(copy);
  }

  async revoke(accountId: string, keyId: string, at: Date): Promise<ApiKeyRecord | null> {
    const k = this.keys.get(keyId);
    if (!k || k.accountId !== accountId) return null;
    const next = copy({ ...k, revokedAt: k.revokedAt ?? at });
    this.keys.set(keyId, next);
    return copy(next);
  }

  async rename(accountId: string, keyId: string, name: string): Promise<ApiKeyRecord | null> {
    const k = this.keys.get(keyId);
    if (!k || k.accountId !== accountId) return null;
    const next = copy({ ...k, name });
    this.keys.set(keyId, next);
    return copy(next);
  }

  async touch(keyId: string, at: Date): Promise<void> {
    const k = this.keys.get(keyId);
    // Never moves backwards: requests finishing out of order must not hide the latest use.
    if (k && (k.lastUsedAt === null || k.lastUsedAt < at)) this.keys.set(keyId, copy({ ...k, lastUsedAt: at }));
  }
}
