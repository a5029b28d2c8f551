import { describe, expect, it } from "vitest";
import { assessMessageOffline } from "../../../src/analyzers/message/assess-message.js";
import { createOrganisationDirectory } from "../../../src/analyzers/organisations/organisation-directory.js";
import {
  SUBLOOKUP_SOURCE,
  subLookupEvidence,
  type SubLookupResult,
} from "../../../src/analyzers/message/sub-lookups.js";
import type { Verdict } from "../../../src/schemas/common.js";
import { CORROBORATING_PRIOR } from "../../../src/scoring/score.js";

const sub = (verdict: Verdict, risk_score: number, points = 0): SubLookupResult => ({
  kind: "url",
  value: "https://example.top/",
  verdict,
  risk_score,
  factors: points === 0 ? [] : [{ id: "x", source: "url_heuristics", label: "Something about it", points }],
});

describe("subLookupEvidence", () => {
  const ids = (subs: SubLookupResult[]): string[] => subLookupEvidence(subs).factors.map((f) => f.id);

  it("lets the worst result weigh: a high-risk link fires its rule beside a safe one, and nothing vouches", () => {
    expect(ids([sub("safe", 0, -30), sub("high_risk", 70, 70)])).toEqual(["url_high_risk"]);
    expect(ids([sub("high_risk", 70, 70), sub("safe", 0, -30)])).toEqual(["url_high_risk"]);
    expect(ids([sub("scam", 95, 95)])).toEqual(["url_scam"]);
  });

  const found = (verdict: Verdict, risk_score: number, factor: { id: string; source: string }): SubLookupResult => ({
    ...sub(verdict, risk_score),
    factors: [{ ...factor, label: "Something about it", points: risk_score }],
  });

  it("sets floors so that content legitimacy cannot hide a link listed as dangerous", () => {
    const listed = { id: "listed", source: "threat_index" };
    expect(subLookupEvidence([found("scam", 90, listed)]).floor).toBe(65);
    expect(subLookupEvidence([found("high_risk", 70, listed)]).floor).toBe(45);
    expect(subLookupEvidence([found("medium_risk", 50, listed)]).floor).toBeUndefined();
    // A brand's domain spelled with look-alike characters floors the link in its own channel, and the message too.
    expect(subLookupEvidence([found("scam", 90, { id: "brand_homoglyph", source: "brand_impersonation" })]).floor).toBe(
      65,
    );
  });

  it("weighs a link's verdict reached by weighing the offline analyzers' findings, without a floor", () => {
    expect(subLookupEvidence([sub("scam", 90, 90)]).floor).toBeUndefined();
    expect(subLookupEvidence([found("scam", 92, { id: "url_model", source: "url_model" })]).floor).toBeUndefined();
    expect(subLookupEvidence([found("high_risk", 70, { id: "shortener", source: "url_heuristics" })]).floor).toBe(
      undefined,
    );
    // The rule still fires: the weights say how much such a verdict weighs.
    expect(ids([sub("scam", 90, 90)])).toEqual(["url_scam"]);
  });

  it.each(["text", "email", "document"] as const)(
    "weighs a link the URL model alone reads as a scam in a %s, without a floor",
    (kind) => {
      const modelOnly = found("scam", 92, { id: "url_model", source: "url_model" });
      const { items } = assessMessageOffline(
        "Your invoice is ready: https://example.top/",
        { kind, directory: createOrganisationDirectory([]) },
        [modelOnly],
      );
      const links = items.find((i) => i.evidence.source === SUBLOOKUP_SOURCE)?.evidence;
      expect(links?.factors.map((f) => f.id)).toEqual(["url_scam"]);
      expect(links?.floor).toBeUndefined();
    },
  );

  it("gives safe, vouched links only a little legitimacy", () => {
    const e = subLookupEvidence([sub("safe", 0, -30)]);
    expect(e.factors.map((f) => f.points)).toEqual([-10]);
    expect(subLookupEvidence([sub("safe", 10)]).factors).toEqual([]);
  });

  it("ignores the 'too little is known' lift of an unknown link", () => {
    const limited: SubLookupResult = {
      ...sub("low_risk", 20),
      factors: [{ id: "limited_evidence", source: "scoring", label: "Nothing vouches for it yet", points: 20 }],
    };
    expect(subLookupEvidence([limited]).factors).toEqual([]);
    expect(subLookupEvidence([sub("low_risk", 31, 30)]).factors[0]?.points).toBe(8);
  });

  it("weighs apart a verdict reached by weighing on a link the message credits to its sender", () => {
    const model = { id: "url_model", source: "url_model" };
    const own = (verdict: Verdict, risk_score: number, value: string): SubLookupResult => ({
      ...found(verdict, risk_score, model),
      value,
    });
    const site = "https://viettel.vn/app";
    const e = subLookupEvidence([own("scam", 92, site)], [site]);
    expect(e.factors.map((f) => f.id)).toEqual(["url_scam_own_link"]);
    expect(e.factors[0]?.points).toBeLessThan(CORROBORATING_PRIOR);
    expect(e.floor).toBeUndefined();
    expect(ids([own("medium_risk", 55, site)])).toEqual(["url_medium_risk"]);
    // Another link that reads against it counts instead; a safe one does not.
    const other = own("high_risk", 70, "https://example.top/");
    expect(subLookupEvidence([own("scam", 92, site), other], [site]).factors.map((f) => f.id)).toEqual([
      "url_high_risk",
    ]);
    const safe = own("safe", 5, "https://example.org/");
    expect(subLookupEvidence([safe, own("scam", 92, site)], [site]).factors.map((f) => f.id)).toEqual([
      "url_scam_own_link",
    ]);
    // A listing, or a look-alike spelling, weighs and floors as on any link.
    const listed = { ...found("scam", 95, { id: "listed", source: "threat_index" }), value: site };
    const floored = subLookupEvidence([listed], [site]);
    expect(floored.factors.map((f) => f.id)).toEqual(["url_scam"]);
    expect(floored.floor).toBe(65);
  });

  it("weighs apart a verdict reached by weighing on a shortened link, and keeps a listing's rule and floor", () => {
    const model = { id: "url_model", source: "url_model" };
    const at = (value: string, verdict: Verdict, risk_score: number, factor = model): SubLookupResult => ({
      ...found(verdict, risk_score, factor),
      value,
    });
    expect(ids([at("http://bit.ly/3abcDE", "scam", 98)])).toEqual(["url_scam_shortened"]);
    expect(ids([at("https://tinyurl.com/y7abc", "high_risk", 72)])).toEqual(["url_high_risk_shortened"]);
    expect(subLookupEvidence([at("http://bit.ly/3abcDE", "scam", 98)]).factors[0]?.points).toBe(75);
    // The destination's own address, read the same way, is the plain rule.
    expect(ids([at("https://usps-redeliver.top/p", "scam", 98)])).toEqual(["url_scam"]);
    // Followed to where it leads (network inspection), a shortened link's verdict is that site's: the plain rule.
    const followed = { ...at("http://bit.ly/3abcDE", "scam", 98), leadsTo: "https://usps-redeliver.top/p" };
    expect(ids([followed])).toEqual(["url_scam"]);
    // A shortened link listed as a scam rests on the listing: the plain rule, with its floor.
    const listed = subLookupEvidence([
      at("http://bit.ly/3abcDE", "scam", 95, { id: "listed", source: "threat_index" }),
    ]);
    expect(listed.factors.map((f) => f.id)).toEqual(["url_scam"]);
    expect(listed.floor).toBe(65);
  });

  it("reads a text's own link's verdict under its own rule, end to end", () => {
    const site = "http://viettel.vn/app";
    const modelOnly: SubLookupResult = {
      ...found("high_risk", 71, { id: "url_model", source: "url_model" }),
      value: site,
    };
    const read = (text: string): string[] =>
      assessMessageOffline(text, { kind: "text", directory: createOrganisationDirectory([]) }, [modelOnly])
        .items.find((i) => i.evidence.source === SUBLOOKUP_SOURCE)
        ?.evidence.factors.map((f) => f.id) ?? [];
    expect(
      read("Thue bao cua Quy khach vua dang nhap ung dung My Viettel - http://viettel.vn/app. Xin cam on!"),
    ).toEqual(["url_high_risk_own_link"]);
    // The same link in an English text names a site of no country the text is about.
    expect(read("Your account was signed in from a new device. Check it at http://viettel.vn/app")).toEqual([
      "url_high_risk",
    ]);
  });

  it("is skipped when the message has no links or numbers", () => {
    expect(subLookupEvidence([]).status).toBe("skipped");
  });
});
