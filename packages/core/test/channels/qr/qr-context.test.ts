import { describe, expect, it } from "vitest";
import { qrContextFactor } from "../../../src/channels/qr/qr-channel.js";
import type { Factor } from "../../../src/schemas/common.js";
import type { UrlLookupResult } from "../../../src/schemas/url.js";

/** The fields of a URL result the QR context reads. */
function urlResult(url: string, risk: number, factors: readonly Omit<Factor, "source">[]): UrlLookupResult {
  return {
    url,
    risk_score: risk,
    factors: factors.map((f) => ({ ...f, source: "url_heuristics" })),
  } as unknown as UrlLookupResult;
}

const LIMITED = { id: "limited_evidence", label: "Nothing vouches for it yet", points: 20 };
const CHEAP_ENDING = { id: "risky_tld", label: 'The ".top" domain ending is heavily used for scams', points: 20 };

describe("what a QR code adds to its link", () => {
  it("lifts a link with warning signs of its own (medium risk) into high risk", () => {
    expect(qrContextFactor(urlResult("https://x.example/", 45, [CHEAP_ENDING]))?.id).toBe("qr_link_hidden_risk");
  });

  it("lifts a plain http:// link that shows a weaker warning sign", () => {
    const f = qrContextFactor(urlResult("http://pay.example.top/", 20, [CHEAP_ENDING]));
    expect(f?.id).toBe("qr_link_unencrypted");
    expect(f?.label).toContain("domain ending");
  });

  it("lifts a plain http:// link whose page asks for a payment or a sign-in", () => {
    const f = qrContextFactor(urlResult("http://shop.example/invoice/", 20, [LIMITED]));
    expect(f?.id).toBe("qr_link_unencrypted");
    expect(f?.label).toContain('"invoice"');
    expect(qrContextFactor(urlResult("https://shop.example/invoice/", 20, [LIMITED]))).toBeNull();
  });

  it("adds nothing to a link with no warning sign, http or not", () => {
    expect(qrContextFactor(urlResult("http://old-menu.example/menu.html", 20, [LIMITED]))).toBeNull();
    expect(qrContextFactor(urlResult("https://bakery.example/", 20, [LIMITED]))).toBeNull();
    expect(qrContextFactor(urlResult("https://pay.example.top/", 20, [CHEAP_ENDING]))).toBeNull();
  });

  it("lifts an unencrypted link whose only warning sign is a sign-in path", () => {
    const signIn = { id: "credential_words", label: "The path asks about moncompte", points: 15 };
    expect(qrContextFactor(urlResult("http://x.example/moncompte/", 15, [signIn]))?.id).toBe("qr_link_unencrypted");
  });

  it("adds nothing to a link already at high risk", () => {
    expect(qrContextFactor(urlResult("http://x.example/", 70, [CHEAP_ENDING]))).toBeNull();
  });
});
