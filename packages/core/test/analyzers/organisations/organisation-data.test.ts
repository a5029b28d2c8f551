import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { getDomain } from "tldts";
import { describe, expect, it } from "vitest";
import { ORGANISATION_CATEGORIES } from "../../../src/analyzers/organisations/organisation.js";
import { ORGANISATIONS } from "../../../src/analyzers/organisations/organisation-data.js";
import { BRANDS } from "../../../src/analyzers/url/lists/brands.js";

const STATES_AND_DC = (
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR " +
  "PA RI SC SD TN TX UT VT VA WA WV WI WY"
).split(" ");

describe("organisation data", () => {
  it("gives every organisation a unique kebab-case id, a name, unmarked aliases and a known category", () => {
    const ids = ORGANISATIONS.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of ORGANISATIONS) {
      expect(o.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(o.name.trim()).not.toBe("");
      const all = [...o.aliases, ...(o.cuedAliases ?? []), ...(o.capitalAliases ?? [])];
      expect(all.length, o.id).toBeGreaterThan(0);
      expect(new Set(all).size, o.id).toBe(all.length);
      for (const alias of all) expect(alias, o.id).toMatch(/^[\p{L}\p{N}]/u);
      for (const alias of o.capitalAliases ?? []) expect(alias, o.id).toBe(alias.toUpperCase());
      expect(ORGANISATION_CATEGORIES).toContain(o.category);
    }
  });

  it("lists official domains as registrable domains and hosts inside them", () => {
    for (const o of ORGANISATIONS) {
      expect(o.officialDomains.length, o.id).toBeGreaterThan(0);
      expect(new Set(o.officialDomains).size, o.id).toBe(o.officialDomains.length);
      for (const d of o.officialDomains) expect(getDomain(d), `${o.id} ${d}`).toBe(d);
      for (const h of o.officialHosts ?? []) {
        expect(getDomain(h), `${o.id} ${h}`).not.toBe(h);
        expect(o.officialDomains, `${o.id} ${h}`).toContain(getDomain(h));
      }
    }
  });

  it("lists only valid U.S. numbers in E.164", () => {
    for (const o of ORGANISATIONS) {
      for (const phone of o.officialPhones) {
        expect(phone, o.id).toMatch(/^\+1\d{10}$/);
        const parsed = parsePhoneNumberFromString(phone);
        expect(parsed?.isValid(), `${o.id} ${phone}`).toBe(true);
        expect(parsed?.number).toBe(phone);
        expect(parsed?.country === "US" || parsed?.countryCallingCode === "1").toBe(true);
      }
    }
  });

  it("publishes each number for one organisation, apart from the generic DMV that shares its states' numbers", () => {
    const owners = new Map<string, string>();
    for (const o of ORGANISATIONS.filter((x) => x.id !== "dmv")) {
      for (const phone of o.officialPhones) {
        expect(owners.get(phone), `${phone} in ${o.id}`).toBeUndefined();
        owners.set(phone, o.id);
      }
    }
  });

  it("cites a source page on one of the organisation's own domains", () => {
    for (const o of ORGANISATIONS) {
      const url = new URL(o.source);
      expect(url.protocol, o.id).toBe("https:");
      const domain = getDomain(url.hostname);
      // No national body runs the state agencies; the generic DMV cites the federal directory of them.
      if (o.id === "dmv") expect(domain).toBe("usa.gov");
      else expect(o.officialDomains, o.id).toContain(domain);
    }
  });

  it("has one motor-vehicle agency for every state and DC, plus the generic DMV", () => {
    const dmvs = ORGANISATIONS.filter((o) => o.category === "state_dmv");
    const regions = dmvs.flatMap((o) => (o.region === undefined ? [] : [o.region]));
    expect([...regions].sort()).toEqual([...STATES_AND_DC].sort());
    expect(dmvs.filter((o) => o.region === undefined).map((o) => o.id)).toEqual(["dmv"]);
    const generic = dmvs.find((o) => o.id === "dmv");
    for (const state of dmvs) {
      for (const d of state.officialDomains) expect(generic?.officialDomains).toContain(d);
    }
  });

  it("uses two-letter state codes for regions", () => {
    for (const o of ORGANISATIONS) {
      if (o.region !== undefined) expect(STATES_AND_DC, o.id).toContain(o.region);
    }
  });

  it("covers the bodies scams most often name", () => {
    const ids = new Set(ORGANISATIONS.map((o) => o.id));
    for (const id of [
      "irs",
      "ssa",
      "usps",
      "ftc",
      "fbi",
      "ic3",
      "dhs",
      "uscis",
      "cbp",
      "tsa",
      "medicare",
      "treasury",
      "usms",
      "uscourts",
      "education",
      "fema",
      "state-department",
      "ezpass",
      "ezpass-ny",
      "ezpass-nj",
      "pa-turnpike",
      "ezdrivema",
      "ezpass-md",
      "ezpass-va",
      "ezpass-de",
      "sunpass",
      "bayarea-fastrak",
      "txtag",
      "ntta",
      "hctra",
      "peach-pass",
      "ipass",
      "good-to-go",
      "expresstoll",
      "pikepass",
      "nc-quick-pass",
      "thetollroads",
      "cfx-epass",
      "ups",
      "fedex",
      "dhl",
      "amazon",
      "ontrac",
      "pge",
      "coned",
      "duke-energy",
      "fpl",
      "chase",
      "microsoft",
      "apple",
      "geek-squad",
      "att",
      "verizon",
      "t-mobile",
      "xfinity",
    ]) {
      expect(ids, id).toContain(id);
    }
    const courts = ORGANISATIONS.filter((o) => o.category === "court" && o.region !== undefined);
    expect(courts.length).toBeGreaterThanOrEqual(10);
    const stateAgencies = ORGANISATIONS.filter((o) => o.category === "state_agency");
    expect(stateAgencies.length).toBeGreaterThanOrEqual(10);
    for (const o of stateAgencies) expect(o.region, o.id).toBeDefined();
  });

  it("takes brand-backed entries' domains from the brand list rather than repeating them", () => {
    const chase = ORGANISATIONS.find((o) => o.id === "chase");
    const brand = BRANDS.find((b) => b.name === "Chase");
    expect(chase?.officialDomains).toEqual(brand?.officialDomains);
    const apple = ORGANISATIONS.find((o) => o.id === "apple");
    expect(apple?.officialDomains).toEqual(BRANDS.find((b) => b.name === "Apple")?.officialDomains);
  });
});
