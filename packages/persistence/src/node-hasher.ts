// The Hasher port on node:crypto: SHA-256 for key, token and code hashes and PKCE S256, and a comparison whose
// time does not depend on where (or whether, for different lengths) two strings differ.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Hasher } from "@scamverify/core";

export class NodeHasher implements Hasher {
  sha256Hex(value: string): string {
    return createHash("sha256").update(value, "utf8").digest("hex");
  }

  sha256HexOfBytes(bytes: Uint8Array): string {
    return createHash("sha256").update(bytes).digest("hex");
  }

  sha256Base64Url(value: string): string {
    return createHash("sha256").update(value, "utf8").digest("base64url");
  }

  timingSafeEqual(a: string, b: string): boolean {
    // Comparing fixed-length digests keeps the time independent of the inputs' lengths too.
    const da = createHash("sha256").update(a, "utf8").digest();
    const db = createHash("sha256").update(b, "utf8").digest();
    return timingSafeEqual(da, db) && a === b;
  }
}
