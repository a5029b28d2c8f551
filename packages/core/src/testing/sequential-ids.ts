// Deterministic Ids: well-formed v4 UUIDs and base64url tokens that differ on every call and repeat
// identically from one test run to the next.
import type { Ids } from "../ports/ids.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** base64url without padding; core has no Buffer. */
export function toBase64Url(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1] ?? 0;
    const b2 = bytes[i + 2] ?? 0;
    const n = (b0 << 16) | (b1 << 8) | b2;
    const left = bytes.length - i;
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    if (left > 1) out += ALPHABET[(n >> 6) & 63];
    if (left > 2) out += ALPHABET[n & 63];
  }
  return out;
}

export class SequentialIds implements Ids {
  private uuids = 0;
  private tokens = 0;
  // xorshift32 state: tokens must look random (varied bytes) yet be reproducible.
  private state: number;

  constructor(seed = 0x9e3779b9) {
    this.state = seed >>> 0 || 1;
  }

  uuid(): string {
    this.uuids += 1;
    const tail = this.uuids.toString(16).padStart(12, "0");
    return `00000000-0000-4000-8000-${tail}`;
  }

  token(bytes: number): string {
    if (!Number.isInteger(bytes) || bytes <= 0)
      throw new RangeError(`token bytes must be a positive integer: ${bytes}`);
    this.tokens += 1;
    const out = new Uint8Array(bytes);
    for (let i = 0; i < bytes; i++) {
      let x = this.state;
      x ^= x << 13;
      x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      this.state = x;
      out[i] = x & 0xff;
    }
    // The call number in the first bytes guarantees distinct tokens even for 1-byte requests within 256 calls.
    out[0] = this.tokens & 0xff;
    if (bytes > 1) out[1] = (this.tokens >>> 8) & 0xff;
    return toBase64Url(out);
  }
}
