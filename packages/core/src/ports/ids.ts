/** Identifiers and secrets. Randomness is a port so tests are deterministic. */
export interface Ids {
  /** A v4 UUID. */
  uuid(): string;
  /** `bytes` of cryptographic randomness, base64url without padding. */
  token(bytes: number): string;
}
