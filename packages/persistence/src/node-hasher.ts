// The Hasher port on node:crypto: SHA-256 for key, token and code hashes and PKCE S256, and a comparison whose
// time does not depend on where two strings differ.
import { createHash, hash } from "node:crypto";
import type { Hasher } from "@scamverify/core";

export class NodeHasher implements Hasher {
  sha256Hex(value: string): string {
    // The one-shot digest: no Hash object per call (every API request hashes its key).
    return hash("sha256", value, "hex");
  }

  sha256HexOfBytes(bytes: Uint8Array): string {
    return createHash("sha256").update(bytes).digest("hex");
  }

  sha256Base64Url(value: string): string {
    return createHash("sha256").update(value, "utf8").digest("base64url");
  }

  timingSafeEqual(a: string, b: string): boolean {
    // Every UTF-16 unit compared, the differences gathered without branching, when the lengths agree; otherwise false
    // without comparing. The time depends on the lengths alone, and every value compared is a digest or a token of a
    // fixed, public format. (Copying both strings into buffers for crypto.timingSafeEqual cost more than the rest of
    // a key's check.)
    if (a.length !== b.length) return false;
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
    return diff === 0;
  }
}
