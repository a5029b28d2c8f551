// Whether this machine can reach the internet at all. A resolver that answers nothing (air-gapped server, sandbox,
// captive network) makes every name look unregistered; resolving names that must exist through the same resolver
// tells "this name does not exist" from "nothing can be asked", and the answer is kept for a minute.

import type { Clock } from "@scamverify/core";
import type { Resolver } from "../net/address-guard.js";

export type ConnectivityState = { readonly online: true } | { readonly online: false; readonly reason: string };

/** Names that exist as long as the DNS does: the documentation domain of RFC 2606 and the operator of the root zone. */
export const CONNECTIVITY_PROBE_NAMES: readonly string[] = ["example.com", "iana.org", "a.root-servers.net"];

export interface ConnectivityProbeConfig {
  readonly resolver: Resolver;
  readonly clock: Clock;
  readonly probeNames?: readonly string[];
  /** How long a verdict (online or not) is reused; default one minute. */
  readonly ttlMs?: number;
  /** Budget of one probe: a resolver that hangs counts as no network; default 2 s. */
  readonly timeoutMs?: number;
}

export interface ConnectivityProbe {
  /**
   * The current state: probes at most once per ttl, concurrent callers share one probe. Never rejects; a resolver
   * that throws, answers nothing for every probe name or exceeds the budget means offline, with the reason.
   */
  state(): Promise<ConnectivityState>;
  /** Records that a request failed for lack of connectivity: `state()` reads offline until the ttl runs out. */
  markOffline(reason: string): void;
}

export function createConnectivityProbe(config: ConnectivityProbeConfig): ConnectivityProbe {
  const names = config.probeNames ?? CONNECTIVITY_PROBE_NAMES;
  const ttl = config.ttlMs ?? 60_000;
  const budget = config.timeoutMs ?? 2_000;
  let known: { at: number; state: ConnectivityState } | null = null;
  let inflight: Promise<ConnectivityState> | null = null;

  async function probe(): Promise<ConnectivityState> {
    const failures: string[] = [];
    const attempts = names.map((name) =>
      config.resolver(name).then(
        (addresses) => addresses.length > 0,
        (err: unknown) => {
          const code = (err as { code?: unknown } | null)?.code;
          failures.push(typeof code === "string" ? code : err instanceof Error ? err.message : String(err));
          return false;
        },
      ),
    );
    // Any one name answering proves the resolver works; waiting for the slowest would only add latency.
    const anyAnswered = new Promise<boolean>((resolve) => {
      let pending = attempts.length;
      if (pending === 0) resolve(false);
      for (const a of attempts)
        void a.then((found) => {
          pending--;
          if (found) resolve(true);
          else if (pending === 0) resolve(false);
        });
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), budget);
      timer.unref?.();
    });
    const outcome = await Promise.race([anyAnswered, timedOut]);
    clearTimeout(timer);
    if (outcome === true) return { online: true };
    if (outcome === "timeout") return { online: false, reason: `DNS did not answer within ${budget} ms` };
    const why = failures.length > 0 ? `DNS lookups fail (${[...new Set(failures)].join(", ")})` : "DNS knows none";
    return { online: false, reason: `${why} of ${names.join(", ")}, names that always exist` };
  }

  return {
    async state() {
      const now = config.clock.now().getTime();
      if (known !== null && now - known.at < ttl) return known.state;
      inflight ??= probe().then((state) => {
        known = { at: config.clock.now().getTime(), state };
        inflight = null;
        return state;
      });
      return inflight;
    },
    markOffline(reason) {
      known = { at: config.clock.now().getTime(), state: { online: false, reason } };
    },
  };
}
