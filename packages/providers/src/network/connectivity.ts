// Whether this machine can reach the internet at all. A resolver that answers nothing (air-gapped server, sandbox,
// captive network) makes every name look unregistered; resolving names that must exist through the same resolver
// tells "this name does not exist" from "nothing can be asked", and the answer is kept for a minute.

import type { Clock } from "@scamverify/core";
import type { Resolver } from "../net/address-guard.js";

/**
 * An offline verdict of the probe carries `until`: it is kept till then, and the inspector stays switched off. An
 * offline state without it is for good (network inspection turned off).
 */
export type ConnectivityState =
  { readonly online: true } | { readonly online: false; readonly reason: string; readonly until?: Date };

/** An offline verdict in force, and when it runs out. */
export interface OfflineSpell {
  readonly reason: string;
  readonly until: Date;
}

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
  /** The offline verdict in force now, without probing; null when online or when nothing is known yet. */
  offlineNow(): OfflineSpell | null;
}

export function createConnectivityProbe(config: ConnectivityProbeConfig): ConnectivityProbe {
  const names = config.probeNames ?? CONNECTIVITY_PROBE_NAMES;
  const ttl = config.ttlMs ?? 60_000;
  const budget = config.timeoutMs ?? 2_000;
  let known: { at: number; state: { online: true } | (ConnectivityState & OfflineSpell) } | null = null;
  let inflight: Promise<ConnectivityState> | null = null;

  const offlineFrom = (at: number, reason: string): ConnectivityState & OfflineSpell => ({
    online: false,
    reason,
    until: new Date(at + ttl),
  });

  async function probe(at: number): Promise<ConnectivityState> {
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
    if (outcome === "timeout") return offlineFrom(at, `DNS did not answer within ${budget} ms`);
    const why = failures.length > 0 ? `DNS lookups fail (${[...new Set(failures)].join(", ")})` : "DNS knows none";
    return offlineFrom(at, `${why} of ${names.join(", ")}, names that always exist`);
  }

  return {
    async state() {
      const now = config.clock.now().getTime();
      if (known !== null && now - known.at < ttl) return known.state;
      inflight ??= probe(now).then((state) => {
        const at = config.clock.now().getTime();
        known = { at, state: state.online ? state : offlineFrom(at, state.reason) };
        inflight = null;
        return known.state;
      });
      return inflight;
    },
    markOffline(reason) {
      const at = config.clock.now().getTime();
      known = { at, state: offlineFrom(at, reason) };
    },
    offlineNow() {
      if (known === null || known.state.online) return null;
      return config.clock.now().getTime() - known.at < ttl ? known.state : null;
    },
  };
}
