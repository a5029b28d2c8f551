/** Timers, so tests control the time budgets of signal sources and retries instead of waiting for them. */
export interface Timers {
  /**
   * Calls `fn` once after `ms` milliseconds; the returned function cancels it (a no-op once it has run). A
   * `background` timer never keeps the process alive by itself (housekeeping such as retrying a refund).
   */
  schedule(ms: number, fn: () => void, options?: { readonly background?: boolean }): () => void;
}

/** The host's timers (setTimeout is a language global, not I/O). The engine's default. */
export const realTimers: Timers = {
  schedule(ms, fn, options) {
    const t = setTimeout(fn, ms);
    if (options?.background === true) (t as { unref?: () => void }).unref?.();
    return () => clearTimeout(t);
  },
};
