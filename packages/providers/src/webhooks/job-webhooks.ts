// Signed webhooks to customers' URLs through the SSRF-safe fetcher: the same address guard as every outbound call
// (public addresses, ports 80 and 443, no credentials, each redirect refused), an HMAC-SHA256 signature over
// "<t>.<body>" in Scamverify-Signature, and a classification of the answer into delivered, retry or rejected.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { WebhookDelivery, WebhookSender } from "@scamverify/core";
import { BlockedDestinationError } from "../net/address-guard.js";
import { SafeFetchError, type SafeFetcher } from "../net/safe-fetch.js";

export const SIGNATURE_HEADER = "Scamverify-Signature";

/** The header value for a body sent at `unixSeconds`: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">. */
export function signWebhook(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does: true when one v1 signature of the header matches the body under the secret and t is within
 * `toleranceSeconds` of `nowSeconds` (a replayed old delivery is refused).
 */
export function verifyWebhook(
  header: string,
  body: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  return parts
    .filter(([k]) => k === "v1")
    .some(([, v]) => v !== undefined && v.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
}

const RETRY_STATUSES = new Set([408, 425, 429]);

export function createWebhookSender(
  fetcher: SafeFetcher,
  options: { readonly timeoutMs?: number } = {},
): WebhookSender {
  return {
    checkUrl(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return "Must be an absolute URL";
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") return "Must be an https URL";
      try {
        fetcher.guard.checkUrl(url);
      } catch (e) {
        if (e instanceof BlockedDestinationError) return "Must be a public address on port 443 (or 80)";
        throw e;
      }
      return null;
    },
    async deliver(url, body, secret, now) {
      const t = Math.floor(now.getTime() / 1000);
      try {
        const res = await fetcher.fetch(url, {
          method: "POST",
          body,
          headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signWebhook(secret, t, body) },
          maxRedirects: 0,
          maxBytes: 64 * 1024,
          timeoutMs: options.timeoutMs ?? 10_000,
        });
        if (res.status >= 200 && res.status < 300) return { kind: "delivered", status: res.status };
        if (res.status >= 500 || RETRY_STATUSES.has(res.status))
          return { kind: "retry", reason: `answered ${res.status}` };
        return { kind: "rejected", reason: `answered ${res.status}` };
      } catch (e) {
        if (e instanceof BlockedDestinationError) return { kind: "rejected", reason: "blocked destination" };
        if (e instanceof SafeFetchError && (e.code === "blocked" || e.code === "invalid_url"))
          return { kind: "rejected", reason: e.code };
        // A name that no longer resolves, a refused connection, a timeout: worth another try later.
        return { kind: "retry", reason: e instanceof SafeFetchError ? e.code : "network" } satisfies WebhookDelivery;
      }
    },
  };
}
