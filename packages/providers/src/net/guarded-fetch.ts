// A fetch-compatible function whose every connection (and every redirect hop) goes through the address guard,
// for adapters written against the fetch API (phone vendors, registry downloads). Same guard as the safe fetcher.
import type { Dispatcher, fetch as undiciFetch } from "undici";
import type { AddressGuard } from "./address-guard.js";
import { createGuardedDispatcher, undici } from "./safe-fetch.js";

export function createGuardedFetch(guard: AddressGuard): typeof globalThis.fetch {
  // Made with the first call, so a fetch that is never used loads nothing.
  let dispatcher: Dispatcher | undefined;
  const guarded = (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit): Promise<Response> => {
    dispatcher ??= createGuardedDispatcher(guard);
    return undici().fetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    }) as unknown as Promise<Response>;
  };
  return guarded as typeof globalThis.fetch;
}
