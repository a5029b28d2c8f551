// The findings on a registrable label are kept per label, public suffix and free hosting: reading a label again, in
// any order and beside the same label under other suffixes, gives what reading it afresh gives.
import { expect, it } from "vitest";
import { labelFindings, registrableFindings } from "../../../src/analyzers/url/brand-host-findings.js";
import type { Finding } from "../../../src/analyzers/url/brand-finding.js";
import { normalizeUrl } from "../../../src/analyzers/url/normalize-url.js";

const LABELS = [
  "paypal",
  "paypa1",
  "paypal-secure-login",
  "amaz0n",
  "wellsfargo-verify",
  "ms-365",
  "example",
  "xn--pypal-4ve",
];
// A country code, generic endings, one that reads as a lure, a risky one and a private suffix.
const SUFFIXES = ["de", "com", "security", "top", "co.uk", "github.io"];

it("gives the findings of a label read afresh, however often and in whatever order it is read", () => {
  const cases = LABELS.flatMap((label) =>
    SUFFIXES.flatMap((suffix) => [false, true].map((freeHosted) => ({ label, suffix, freeHosted }))),
  );
  const differing = new Set<string>();
  for (const order of [cases, [...cases].reverse(), cases]) {
    for (const { label, suffix, freeHosted } of order) {
      const url = normalizeUrl(`https://${label}.${suffix}/`)._unsafeUnwrap();
      const kept: Finding[] = [];
      registrableFindings(label, url, freeHosted, kept);
      const fresh: Finding[] = [];
      labelFindings(label, suffix, freeHosted, fresh);
      expect(kept, `${label}.${suffix} ${freeHosted}`).toEqual(fresh);
      differing.add(JSON.stringify(fresh));
    }
  }
  // The cases do tell suffixes and free hosting apart: a key missing either would hand one case another's findings.
  expect(differing.size).toBeGreaterThan(LABELS.length);
});
