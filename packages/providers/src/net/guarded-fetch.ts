// A fetch-compatible function whose every connection (and every redirect hop) goes through the address guard,
// for adapters written against the fetch API (phone vendors, registry downloads). Same guard as the safe fetcher.
import { fetch as undiciFetch } from "undici";
import type { AddressGuard } from "./address-guard.js";
import { createGuardedDispatcher } from "./safe-fetch.js";

export function createGuardedFetch(guard: AddressGuard): typeof globalThis.fetch {
  const dispatcher = createGuardedDispatcher(guard);
  const guarded = (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit): Promise<Response> =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    }) as unknown as Promise<Response>;
  return guarded as typeof globalThis.fetch;
}
