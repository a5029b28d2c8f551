/** What fetching a client's metadata document gave: its JSON, or why there is none. */
export type ClientMetadataFetch =
  { readonly ok: true; readonly document: unknown } | { readonly ok: false; readonly reason: string };

/**
 * Fetches OAuth Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document): the JSON a client
 * publishes at the https URL it uses as its client_id. The adapter fetches safely (public addresses only, no
 * redirects, a size and a time limit) and may cache a document for a while; it never throws for a document that
 * cannot be had, it says why instead.
 */
export interface ClientMetadataDocuments {
  /** The parsed JSON at `url`, or the reason it could not be had (blocked, timeout, too large, not JSON, not 200). */
  fetch(url: string): Promise<ClientMetadataFetch>;
  /** Test-only: http://127.0.0.1 / localhost client_id URLs are accepted, so tests can serve documents locally. */
  readonly allowLoopbackHttpForTests?: boolean;
}
