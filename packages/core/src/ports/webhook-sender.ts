/** What became of one webhook delivery attempt. */
export type WebhookDelivery =
  | { readonly kind: "delivered"; readonly status: number }
  /** Worth another try later (a 5xx or 429 answer, a timeout, a refused connection). */
  | { readonly kind: "retry"; readonly reason: string }
  /** Never worth another try (a blocked destination, a 4xx answer other than 408 and 429). */
  | { readonly kind: "rejected"; readonly reason: string };

/** Posts signed webhook bodies to customers' URLs, through the SSRF-safe fetcher. */
export interface WebhookSender {
  /**
   * Checks a URL a customer gives before it is stored: null when it may be delivered to, else why not (a scheme,
   * port, credentials or a name or literal address that can never be public). Names are resolved at delivery.
   */
  checkUrl(url: string): string | null;
  /**
   * POSTs `body` (JSON) with Scamverify-Signature `t=<unix seconds of now>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
   * keyed by `secret`. Never throws; never logs the secret or the body.
   */
  deliver(url: string, body: string, secret: string, now: Date): Promise<WebhookDelivery>;
}
