// Contracts for the Hasher, PasswordHasher and Ids ports, checked against published test vectors
// (FIPS 180-2 "abc", the RFC 7636 appendix B PKCE example).
import { describe, expect, it } from "vitest";
import type { Hasher, PasswordHasher } from "../ports/hasher.js";
import type { Ids } from "../ports/ids.js";

export function describeHasherContract(name: string, makeHasher: () => Hasher): void {
  describe(`Hasher contract: ${name}`, () => {
    const h = makeHasher();

    it("computes lower-case hex SHA-256 of UTF-8", () => {
      expect(h.sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
      expect(h.sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
      expect(h.sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      );
      // UTF-8, not UTF-16 or Latin-1, is what gets hashed.
      expect(h.sha256Hex("h\u00e9llo w\u00f6rld")).toBe(
        "a1003f7d04a4115711d0b48a2eaf1359ce565d2d2a6fd65098dfcffadeeef59f",
      );
    });

    it("computes the PKCE S256 challenge as base64url without padding", () => {
      expect(h.sha256Base64Url("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
        "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      );
    });

    it("compares strings for equality, including different lengths and empty strings", () => {
      expect(h.timingSafeEqual("sv_live_abc", "sv_live_abc")).toBe(true);
      expect(h.timingSafeEqual("sv_live_abc", "sv_live_abd")).toBe(false);
      expect(h.timingSafeEqual("sv_live_abc", "sv_live_ab")).toBe(false);
      expect(h.timingSafeEqual("", "")).toBe(true);
      expect(h.timingSafeEqual("", "a")).toBe(false);
      expect(h.timingSafeEqual("\u00e9", "e\u0301")).toBe(false);
    });
  });
}

export function describePasswordHasherContract(name: string, makeHasher: () => PasswordHasher): void {
  describe(`PasswordHasher contract: ${name}`, () => {
    const h = makeHasher();

    it("verifies the right password and rejects a wrong one", async () => {
      const stored = await h.hash("correct horse battery staple");
      expect(stored).not.toContain("correct horse");
      expect(await h.verify("correct horse battery staple", stored)).toBe(true);
      expect(await h.verify("correct horse battery stapl", stored)).toBe(false);
      expect(await h.verify("", stored)).toBe(false);
    });

    it("salts: the same password hashes differently each time, and both verify", async () => {
      const a = await h.hash("pässwörd");
      const b = await h.hash("pässwörd");
      expect(a).not.toBe(b);
      expect(await h.verify("pässwörd", a)).toBe(true);
      expect(await h.verify("pässwörd", b)).toBe(true);
    });

    it("answers false, never throws, for a malformed stored hash", async () => {
      for (const bad of ["", "plain", "scrypt$", "scrypt$x$y$z$salt$hash", "bcrypt$2b$10$abc"]) {
        expect(await h.verify("anything", bad)).toBe(false);
      }
    });
  });
}

export function describeIdsContract(name: string, makeIds: () => Ids): void {
  describe(`Ids contract: ${name}`, () => {
    const ids = makeIds();

    it("issues distinct v4 UUIDs", () => {
      const seen = new Set<string>();
      for (let i = 0; i < 200; i++) {
        const u = ids.uuid();
        expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        seen.add(u);
      }
      expect(seen.size).toBe(200);
    });

    it("issues distinct base64url tokens of the requested byte length", () => {
      const seen = new Set<string>();
      for (const bytes of [1, 2, 3, 16, 24, 32, 33]) {
        const tok = ids.token(bytes);
        expect(tok).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(tok).toHaveLength(Math.ceil((bytes * 4) / 3));
      }
      for (let i = 0; i < 200; i++) seen.add(ids.token(32));
      expect(seen.size).toBe(200);
    });
  });
}
