// The PasswordHasher port on node:crypto scrypt. The stored string carries its parameters and salt
// ("scrypt$N$r$p$salt$hash", base64url), so the cost can rise later without invalidating old hashes.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHasher } from "@scamverify/core";

export interface ScryptParams {
  /** CPU/memory cost, a power of two (default 2^15 = 32768, OWASP's recommended floor with r = 8). */
  readonly N?: number;
  readonly r?: number;
  readonly p?: number;
}

const KEY_LEN = 32;
const SALT_LEN = 16;
// Parameters read from a stored hash are bounded so a tampered row cannot make verify allocate gigabytes.
const MAX_N = 2 ** 20;
const MAX_RP = 32;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_LEN, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

const isPow2 = (n: number): boolean => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

export class ScryptPasswordHasher implements PasswordHasher {
  private readonly N: number;
  private readonly r: number;
  private readonly p: number;

  constructor(params: ScryptParams = {}) {
    this.N = params.N ?? 2 ** 15;
    this.r = params.r ?? 8;
    this.p = params.p ?? 1;
    if (!isPow2(this.N) || this.N > MAX_N) throw new RangeError(`scrypt N must be a power of two <= 2^20: ${this.N}`);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LEN);
    const key = await derive(password, salt, this.N, this.r, this.p);
    return `scrypt$${this.N}$${this.r}$${this.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split("$");
    if (parts.length !== 6 || parts[0] !== "scrypt") return false;
    const [N, r, p] = parts.slice(1, 4).map((x) => (/^\d{1,8}$/.test(x ?? "") ? Number(x) : Number.NaN)) as [
      number,
      number,
      number,
    ];
    if (!isPow2(N) || N > MAX_N || !(r >= 1 && r <= MAX_RP) || !(p >= 1 && p <= MAX_RP)) return false;
    const salt = Buffer.from(parts[4] ?? "", "base64url");
    const expected = Buffer.from(parts[5] ?? "", "base64url");
    if (salt.length === 0 || expected.length !== KEY_LEN) return false;
    try {
      const actual = await derive(password, salt, N, r, p);
      return timingSafeEqual(actual, expected);
    } catch {
      return false;
    }
  }
}
