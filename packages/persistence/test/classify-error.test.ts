import { describe, expect, it } from "vitest";
import { StoreError } from "@scamverify/core";
import { classifyDbError } from "@scamverify/persistence";

// Shapes as thrown by pg (DatabaseError with a SQLSTATE code) and by node:net (errno code).
const pgError = (code: string, message = "error"): Error => Object.assign(new Error(message), { code });

describe("classifyDbError", () => {
  it("classifies server shutdown and refused connections as unavailable and retryable", () => {
    for (const err of [
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
      pgError("08006"),
      new Error("Connection terminated unexpectedly"),
    ]) {
      const e = classifyDbError(err);
      expect(e).toBeInstanceOf(StoreError);
      expect(e.kind).toBe("unavailable");
      expect(e.retryable).toBe(true);
      expect(e.cause).toBe(err);
    }
  });

  it("classifies a unique violation as a conflict that is not retryable", () => {
    const e = classifyDbError(pgError("23505", 'duplicate key value violates unique constraint "api_keys_hash_key"'));
    expect(e.kind).toBe("conflict");
    expect(e.retryable).toBe(false);
  });

  it("classifies serialization failures as retryable conflicts", () => {
    expect(classifyDbError(pgError("40001"))).toMatchObject({ kind: "conflict", retryable: true });
  });

  it("classifies anything else as internal", () => {
    for (const err of [pgError("42P01", 'relation "nope" does not exist'), new TypeError("bug"), "a string", null]) {
      expect(classifyDbError(err)).toMatchObject({ kind: "internal", retryable: false });
    }
  });

  it("passes a StoreError through unchanged", () => {
    const original = new StoreError("conflict", "x", false);
    expect(classifyDbError(original)).toBe(original);
  });
});
