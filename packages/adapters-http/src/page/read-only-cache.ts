// A result cache that serves what is already there and keeps nothing new: the page's engine reads answers other
// clients' lookups cached, and what a person checks on the page is never written under its link, number or hash.
import type { ResultCache } from "@scamverify/core";

export function withoutCacheWrites(cache: ResultCache): ResultCache {
  return {
    get: (key, now) => cache.get(key, now),
    set: () => Promise.resolve(),
  };
}
