// The Ids port on node:crypto: random v4 UUIDs and base64url tokens from the system CSPRNG.
import { randomBytes, randomUUID } from "node:crypto";
import type { Ids } from "@scamverify/core";

export class NodeIds implements Ids {
  uuid(): string {
    return randomUUID();
  }

  token(bytes: number): string {
    if (!Number.isInteger(bytes) || bytes <= 0)
      throw new RangeError(`token bytes must be a positive integer: ${bytes}`);
    return randomBytes(bytes).toString("base64url");
  }
}
