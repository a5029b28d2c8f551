// One-shot messages carried across a post/redirect/get: the page a form redirects to shows them once, then they
// are gone. Keyed by a hash of the session id, held in this process for two minutes at most: the new API key
// travels this way, so it never appears in a URL, a log or a page that a reload could show again.

export interface Flash<T> {
  /** Keeps `value` for `sessionKey`, replacing what was there. */
  put(sessionKey: string, value: T, now: Date): void;
  /** The value kept for `sessionKey` (then forgotten); undefined when none or expired. */
  take(sessionKey: string, now: Date): T | undefined;
}

export const FLASH_TTL_MS = 2 * 60_000;

/** In process memory, bounded: past `maxEntries` the oldest go first. */
export function createMemoryFlash<T>(maxEntries = 10_000): Flash<T> {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    put(sessionKey, value, now) {
      entries.delete(sessionKey);
      entries.set(sessionKey, { value, expiresAt: now.getTime() + FLASH_TTL_MS });
      for (const [k, e] of entries) {
        if (entries.size <= maxEntries && e.expiresAt > now.getTime()) break;
        entries.delete(k);
      }
    },
    take(sessionKey, now) {
      const e = entries.get(sessionKey);
      if (!e) return undefined;
      entries.delete(sessionKey);
      return e.expiresAt > now.getTime() ? e.value : undefined;
    },
  };
}
