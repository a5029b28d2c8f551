// API keys: sv_live_/sv_test_ + 32 random bytes, shown once, stored as SHA-256. Every operation is scoped to
// one account, so no account can see or change another's keys.
import { err, ok, type Result } from "neverthrow";
import { appError, validationError, type AppError } from "../errors.js";
import { guardStore } from "./guard-store.js";
import type { ApiKeyRecord } from "../ports/api-key-store.js";
import {
  KEY_PREFIXES,
  KeyNameSchema,
  MAX_ACTIVE_KEYS,
  type ApiKey,
  type CreatedApiKey,
  type KeyMode,
} from "../schemas/keys.js";
import type { Kernel } from "./kernel.js";

const KEY_RANDOM_BYTES = 32;
const DISPLAY_PREFIX = 12;

export function toApiKey(r: ApiKeyRecord): ApiKey {
  return {
    id: r.id,
    name: r.name,
    mode: r.mode,
    prefix: r.prefix,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
  };
}

function checkName(name: string): Result<string, AppError> {
  const parsed = KeyNameSchema.safeParse(name);
  return parsed.success
    ? ok(parsed.data)
    : err(validationError([{ field: "name", message: "must be 1 to 64 characters" }]));
}

export function createApiKey(
  k: Kernel,
  accountId: string,
  input: { mode: KeyMode; name?: string | undefined },
): Promise<Result<CreatedApiKey, AppError>> {
  return guardStore(async () => {
    const name = checkName(input.name ?? (input.mode === "test" ? "Test key" : "Live key"));
    if (name.isErr()) return err(name.error);
    if ((await k.deps.accounts.findById(accountId)) === null) return err(appError("not_found", "No such account."));
    const key = `${KEY_PREFIXES[input.mode]}${k.deps.ids.token(KEY_RANDOM_BYTES)}`;
    const created = await k.deps.apiKeys.create(
      {
        id: k.deps.ids.uuid(),
        accountId,
        name: name.value,
        mode: input.mode,
        prefix: key.slice(0, DISPLAY_PREFIX),
        hash: k.deps.hasher.sha256Hex(key),
        createdAt: k.now(),
      },
      MAX_ACTIVE_KEYS,
    );
    if (created === "limit_reached") {
      return err(
        appError("key_limit_reached", `An account holds at most ${MAX_ACTIVE_KEYS} active keys; revoke one first.`, {
          details: { max_active_keys: MAX_ACTIVE_KEYS },
        }),
      );
    }
    return ok({ ...toApiKey(created), key });
  });
}

export function listApiKeys(k: Kernel, accountId: string): Promise<Result<ApiKey[], AppError>> {
  return guardStore(async () => ok((await k.deps.apiKeys.list(accountId)).map(toApiKey)));
}

const notFound = (): AppError => appError("not_found", "No such key on this account.");

export function revokeApiKey(k: Kernel, accountId: string, keyId: string): Promise<Result<ApiKey, AppError>> {
  return guardStore(async () => {
    const revoked = await k.deps.apiKeys.revoke(accountId, keyId, k.now());
    if (revoked === null) return err(notFound());
    k.forgetKey(revoked.hash);
    return ok(toApiKey(revoked));
  });
}

export function renameApiKey(
  k: Kernel,
  accountId: string,
  keyId: string,
  name: string,
): Promise<Result<ApiKey, AppError>> {
  return guardStore(async () => {
    const checked = checkName(name);
    if (checked.isErr()) return err(checked.error);
    const renamed = await k.deps.apiKeys.rename(accountId, keyId, checked.value);
    return renamed === null ? err(notFound()) : ok(toApiKey(renamed));
  });
}
