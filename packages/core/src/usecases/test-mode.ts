// sv_test_ keys: realistic, deterministic results that consume no quota. Magic inputs return each verdict, so
// integrators can exercise their handling of every outcome (like test card numbers; docs/api.md, "Test mode").
import type { Verdict } from "../schemas/common.js";
import type { Hasher } from "../ports/hasher.js";

export const TEST_URL_HOST_PREFIX = "sv-test-";
export const TEST_PHONE_LINES: Readonly<Record<string, Verdict>> = {
  "+12015550100": "safe",
  "+12015550101": "low_risk",
  "+12015550102": "medium_risk",
  "+12015550103": "high_risk",
  "+12015550104": "scam",
};
export const TEST_VERDICT_SCORES: Readonly<Record<Verdict, number>> = {
  safe: 5,
  low_risk: 28,
  medium_risk: 52,
  high_risk: 76,
  scam: 96,
};

/** The verdict a magic URL asks for: a host whose first label is sv-test-<verdict> (e.g. sv-test-high-risk.example.com). */
export function magicUrlVerdict(host: string): Verdict | null {
  const label = host.split(".")[0] ?? "";
  if (!label.startsWith(TEST_URL_HOST_PREFIX)) return null;
  const wanted = label.slice(TEST_URL_HOST_PREFIX.length).replace(/-/g, "_");
  return wanted in TEST_VERDICT_SCORES ? (wanted as Verdict) : null;
}

/** A stable UUID-shaped id derived from the input, so a test result is the same every time. */
export function deterministicId(hasher: Hasher, input: string): string {
  const h = hasher.sha256Hex(`test:${input}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const TEST_EPOCH = "2026-01-01T00:00:00.000Z";
