export interface Hasher {
  /** Lower-case hex SHA-256 of the UTF-8 string. */
  sha256Hex(value: string): string;
  /** base64url (no padding) SHA-256, as PKCE S256 uses. */
  sha256Base64Url(value: string): string;
  /** Lower-case hex SHA-256 of raw bytes (uploads); optional, core falls back to hashing their Latin-1 text. */
  sha256HexOfBytes?(bytes: Uint8Array): string;
  /** Compares two strings in time independent of where they differ. */
  timingSafeEqual(a: string, b: string): boolean;
}

/** Memory-hard password hashing (scrypt in the Node adapter). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}
