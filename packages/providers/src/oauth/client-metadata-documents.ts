// Client ID Metadata Documents over the guarded fetcher: only public addresses (the same guard as every other
// outbound call), no redirects, 5 KB and 5 s at most, JSON only. A document that was had is kept for its
// Cache-Control max-age, within one minute and one day (five minutes when it names none).
import type { ClientMetadataDocuments, ClientMetadataFetch } from "@scamverify/core";
import { SafeFetchError, type SafeFetcher } from "../net/safe-fetch.js";

export interface ClientMetadataDocumentsOptions {
  readonly fetcher: SafeFetcher;
  /** Milliseconds since the epoch (injected in tests). */
  readonly now?: () => number;
  readonly maxBytes?: number;
  readonly timeoutMs?: number;
  /** Most documents kept at once; past it the oldest go first. */
  readonly maxEntries?: number;
  /** Test-only: accept http client_ids on loopback hosts (pair it with a fetcher that allows loopback). */
  readonly allowLoopbackHttpForTests?: boolean;
}

export const CLIENT_METADATA_LIMITS = {
  maxBytes: 5 * 1024,
  timeoutMs: 5_000,
  defaultTtlMs: 5 * 60_000,
  minTtlMs: 60_000,
  maxTtlMs: 24 * 3_600_000,
} as const;

/** How long a document may be kept, from its Cache-Control header (no-store and no-cache: the minimum). */
export function cacheLifetimeMs(cacheControl: string | undefined): number {
  const { defaultTtlMs, minTtlMs, maxTtlMs } = CLIENT_METADATA_LIMITS;
  if (!cacheControl) return defaultTtlMs;
  if (/\bno-(store|cache)\b/i.test(cacheControl)) return minTtlMs;
  const age = /\bmax-age\s*=\s*"?(\d+)/i.exec(cacheControl)?.[1];
  if (age === undefined) return defaultTtlMs;
  return Math.min(maxTtlMs, Math.max(minTtlMs, Number(age) * 1000));
}

export function createClientMetadataDocuments(options: ClientMetadataDocumentsOptions): ClientMetadataDocuments {
  const now = options.now ?? (() => Date.now());
  const maxBytes = options.maxBytes ?? CLIENT_METADATA_LIMITS.maxBytes;
  const timeoutMs = options.timeoutMs ?? CLIENT_METADATA_LIMITS.timeoutMs;
  const maxEntries = options.maxEntries ?? 1_000;
  const cache = new Map<string, { document: unknown; expiresAt: number }>();

  const load = async (url: string): Promise<ClientMetadataFetch> => {
    let res;
    try {
      res = await options.fetcher.fetch(url, {
        headers: { accept: "application/json" },
        maxBytes,
        timeoutMs,
        maxRedirects: 0,
      });
    } catch (e) {
      if (e instanceof SafeFetchError) {
        const why: Record<string, string> = {
          blocked: "its address is not a public one",
          timeout: `no answer within ${timeoutMs / 1000} s`,
          too_large: `larger than ${maxBytes} bytes`,
        };
        return { ok: false, reason: why[e.code] ?? "could not be fetched" };
      }
      return { ok: false, reason: "could not be fetched" };
    }
    if (res.status !== 200) return { ok: false, reason: `answered HTTP ${res.status}, not 200` };
    if (!/^application\/([a-z0-9.+-]*\+)?json\b/i.test(res.headers["content-type"] ?? "")) {
      return { ok: false, reason: "not served as application/json" };
    }
    let document: unknown;
    try {
      document = JSON.parse(res.text());
    } catch {
      return { ok: false, reason: "not valid JSON" };
    }
    cache.delete(url);
    cache.set(url, { document, expiresAt: now() + cacheLifetimeMs(res.headers["cache-control"]) });
    for (const key of cache.keys()) {
      if (cache.size <= maxEntries) break;
      cache.delete(key);
    }
    return { ok: true, document };
  };

  return {
    ...(options.allowLoopbackHttpForTests ? { allowLoopbackHttpForTests: true } : {}),
    async fetch(url) {
      const kept = cache.get(url);
      if (kept && kept.expiresAt > now()) return { ok: true, document: kept.document };
      return load(url);
    },
  };
}
