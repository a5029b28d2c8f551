import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Organisation } from "../../../src/analyzers/organisations/organisation.js";
import { ORGANISATIONS } from "../../../src/analyzers/organisations/organisation-data.js";
import { createOrganisationDirectory } from "../../../src/analyzers/organisations/organisation-directory.js";

const directory = createOrganisationDirectory();
const ids = (text: string): string[] => directory.find(text).map((o) => o.id);

describe("find: aliases and their spellings", () => {
  it.each([
    ["E-ZPass: you have an unpaid toll of $6.85", "ezpass"],
    ["Your EZ Pass account is past due", "ezpass"],
    ["EZPass final notice", "ezpass"],
    ["E-Z Pass toll balance", "ezpass"],
    ["e-zpass reminder", "ezpass"],
    ["U.S.P.S.: your parcel could not be delivered", "usps"],
    ["The US Postal Service is holding your package", "usps"],
    ["Postal Service notice: redelivery fee", "usps"],
    ["U.S. Postal Service: address incomplete", "usps"],
    ["Servicio Postal: su paquete no pudo ser entregado", "usps"],
    ["Administración del Seguro Social: su número ha sido suspendido", "ssa"],
    ["Servicio de Impuestos Internos: reembolso pendiente", "irs"],
    ["PG&E: your power will be shut off", "pge"],
    ["PG & E disconnection notice", "pge"],
    ["AT&T: your bill is ready", "att"],
    ["AT & T rewards", "att"],
    ["Con Ed will disconnect your gas today", "coned"],
    ["Disney+ subscription expired", "disney-plus"],
    ["T-Mobile: claim your reward", "t-mobile"],
    ["I-PASS: unpaid tolls on the Illinois Tollway", "ipass"],
    ["Lowes gift card winner", "lowes"],
    ["Florida Turnpike toll invoice", "florida-turnpike"],
    ["Your Chase account has been locked", "chase"],
    ["CHASE: did you attempt a purchase of $499?", "chase"],
    ["Chase: a new device signed in", "chase"],
    ["[Chase] Fraud alert", "chase"],
    ["Your Discover card was charged", "discover"],
    ["Apple ID locked", "apple"],
    ["Visit chase.com to confirm", "chase"],
    ["UPS: package held at depot", "ups"],
    ["ICE officers will visit your home", "ice"],
    ["Your Good To Go account has unpaid tolls", "good-to-go"],
    ["Amazon: your order has shipped", "amazon"],
    ["U.S. Marshals: warrant for failure to appear for jury duty", "usms"],
    ["Uni pass: you have unpaid tolls", "cfx-epass"],
    ["California EDD: your claim is suspended", "ca-edd"],
    ["Texas Workforce Commission benefits hold", "tx-twc"],
    ["Jury duty: the Superior Court of California issued a warrant", "ca-courts"],
  ])("finds %j", (text, id) => {
    expect(ids(text)).toContain(id);
  });

  it.each([
    ["Chase the dream and discover new things"],
    ["We will discover the truth"],
    ["I'll chase it down tomorrow"],
    ["ups and downs of the market"],
    ["Ups! se me olvidó"],
    ["put some ice in the cooler"],
    ["You're good to go for Saturday"],
    ["an apple a day"],
    ["target practice at noon"],
    ["groups of runners"],
    ["the irsa family"],
    ["first class ticket"],
    ["startups raise money"],
    ["dmvs and other words"],
    ["Thefedexpress train"],
    ["housps"],
    ["back at uni next week"],
    ["the twc stands for nothing here"],
  ])("finds nothing in %j", (text) => {
    expect(ids(text)).toEqual([]);
  });

  it("matches aliases on word boundaries, not inside other words", () => {
    expect(ids("irsxyz uspsx xusps ezpasses")).toEqual([]);
    expect(ids("IRS-related")).toEqual([]);
    expect(ids("IRS - related")).toEqual(["irs"]);
    expect(ids("(IRS)")).toEqual(["irs"]);
  });

  it("reads a state-agency code only in capitals, so Spanish 'la DMV' is not Louisiana", () => {
    expect(ids("LA DMV: your registration has expired")).toEqual(["dmv-la"]);
    expect(ids("Renueve su licencia en la DMV hoy")).toEqual(["dmv"]);
    expect(ids("pague en la DMV de California")).toEqual(["dmv-ca"]);
  });
});

describe("find: ranking", () => {
  it("puts a state's agency before the generic DMV", () => {
    expect(ids("DMV notice: the California DMV has suspended your licence")).toEqual(["dmv-ca", "dmv"]);
    expect(ids("Texas DMV registration renewal. Contact the DMV.")).toEqual(["dmv-tx", "dmv"]);
  });

  it("drops a mention that lies inside a longer one", () => {
    expect(ids("West Virginia DMV: pay your fee")).toEqual(["dmv-wv"]);
    expect(ids("NY DMV final notice")).toEqual(["dmv-ny"]);
    expect(ids("E-ZPass New York: unpaid toll")).toEqual(["ezpass-ny"]);
  });

  it("puts the longest, most specific mention first", () => {
    expect(ids("IRS and Federal Trade Commission")).toEqual(["ftc", "irs"]);
    expect(ids("Pay E-ZPass or the Pennsylvania Turnpike will fine you")).toEqual(["pa-turnpike", "ezpass"]);
  });

  it("breaks ties by how often, then how early, an organisation is named", () => {
    expect(ids("FBI FTC FTC")).toEqual(["ftc", "fbi"]);
    expect(ids("FBI FTC")).toEqual(["fbi", "ftc"]);
  });

  it("names an organisation once however often it appears", () => {
    expect(ids("USPS USPS U.S.P.S. United States Postal Service")).toEqual(["usps"]);
  });

  it("returns nothing for empty or alias-free text", () => {
    expect(directory.find("")).toEqual([]);
    expect(directory.find("Hello, see you at 5?")).toEqual([]);
  });
});

describe("find: properties", () => {
  const plainAliases = ORGANISATIONS.flatMap((o) => o.aliases.map((alias) => ({ alias, id: o.id })));

  it("finds any plain alias set between ordinary words, whatever its case", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...plainAliases),
        fc.constantFrom("upper", "lower", "as-is"),
        fc.constantFrom("Hello ", "Notice: ", "", "1) "),
        fc.constantFrom(" today.", "!", "", " - reply STOP"),
        ({ alias, id }, casing, before, after) => {
          const written = casing === "upper" ? alias.toUpperCase() : casing === "lower" ? alias.toLowerCase() : alias;
          expect(ids(`${before}${written}${after}`)).toContain(id);
        },
      ),
    );
  });

  it("is deterministic and returns each organisation at most once, from the directory's own list", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const first = directory.find(text);
        expect(directory.find(text)).toEqual(first);
        expect(new Set(first).size).toBe(first.length);
        for (const o of first) expect(ORGANISATIONS).toContain(o);
      }),
    );
  });

  it("finds no alias glued to letters on either side", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,6}$/), (glue) => {
        expect(ids(`${glue}irs`)).not.toContain("irs");
        expect(ids(`irs${glue}`)).not.toContain("irs");
      }),
    );
  });

  it("handles a long text", () => {
    const text = `${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(2000)}Your E-ZPass is past due.`;
    expect(text.length).toBeGreaterThan(100_000);
    expect(ids(text)).toEqual(["ezpass"]);
  });
});

describe("byDomain", () => {
  it("takes the registrable domain of a subdomain", () => {
    expect(directory.byDomain("irs.gov")?.id).toBe("irs");
    expect(directory.byDomain("www.irs.gov")?.id).toBe("irs");
    expect(directory.byDomain("sa.www4.irs.gov")?.id).toBe("irs");
    expect(directory.byDomain("tools.usps.com")?.id).toBe("usps");
    expect(directory.byDomain("WWW.USPS.COM.")?.id).toBe("usps");
  });

  it("credits a host inside a shared state domain to its agency, and the shared domain to no one", () => {
    expect(directory.byDomain("www.dmv.ca.gov")?.id).toBe("dmv-ca");
    expect(directory.byDomain("courts.ca.gov")?.id).toBe("ca-courts");
    expect(directory.byDomain("ca.gov")).toBeUndefined();
    expect(directory.byDomain("www.ca.gov")).toBeUndefined();
  });

  it("names the specific body when an umbrella shares its domain", () => {
    expect(directory.byDomain("ic3.gov")?.id).toBe("ic3");
    expect(directory.byDomain("www.e-zpassny.com")?.id).toBe("ezpass-ny");
    expect(directory.byDomain("txdmv.gov")?.id).toBe("dmv-tx");
    expect(directory.byDomain("apple.com")?.id).toBe("apple");
    expect(directory.byDomain("bestbuy.com")?.id).toBe("best-buy");
  });

  it("does not confuse look-alikes with official domains", () => {
    expect(directory.byDomain("usps-redelivery.top")).toBeUndefined();
    expect(directory.byDomain("usps.com.track-parcel.info")).toBeUndefined();
    expect(directory.byDomain("ezpassny.com")).toBeUndefined();
    expect(directory.byDomain("irs.gov.refund.xyz")).toBeUndefined();
    expect(directory.byDomain("")).toBeUndefined();
    expect(directory.byDomain("localhost")).toBeUndefined();
  });
});

describe("byPhone", () => {
  it("finds the organisation that publishes a number", () => {
    expect(directory.byPhone("+18002758777")?.id).toBe("usps");
    expect(directory.byPhone("+18008291040")?.id).toBe("irs");
    expect(directory.byPhone("+18883216824")?.id).toBe("ezpass-md");
    expect(directory.byPhone("+18007770133")?.id).toBe("dmv-ca");
  });

  it("returns undefined for a number nobody here publishes", () => {
    expect(directory.byPhone("+12025550143")).toBeUndefined();
    expect(directory.byPhone("")).toBeUndefined();
    expect(directory.byPhone("18002758777")).toBeUndefined();
  });

  it("finds every published number's owner", () => {
    for (const o of ORGANISATIONS) {
      for (const phone of o.officialPhones) expect(directory.byPhone(phone)?.officialPhones).toContain(phone);
    }
  });
});

describe("a directory over other organisations", () => {
  const acme: Organisation = {
    id: "acme",
    name: "Acme Power",
    category: "utility",
    aliases: ["Acme Power"],
    cuedAliases: ["Acme"],
    capitalAliases: ["AP"],
    officialDomains: ["acme-power.example"],
    officialPhones: ["+12025550100"],
    source: "https://acme-power.example/contact",
  };
  const small = createOrganisationDirectory([acme]);

  it("uses only what it is given", () => {
    expect(small.find("Acme Power: your bill is overdue").map((o) => o.id)).toEqual(["acme"]);
    expect(small.find("USPS parcel")).toEqual([]);
    expect(small.byDomain("pay.acme-power.example")?.id).toBe("acme");
    expect(small.byPhone("+12025550100")?.id).toBe("acme");
    expect(small.byDomain("usps.com")).toBeUndefined();
  });

  it("applies the cue rule to ordinary-word aliases", () => {
    expect(small.find("an acme of achievement")).toEqual([]);
    expect(small.find("your acme account").map((o) => o.id)).toEqual(["acme"]);
    expect(small.find("ACME: bill due").map((o) => o.id)).toEqual(["acme"]);
    expect(small.find("Acme of perfection")).toEqual([]);
  });

  it("applies the capitals rule to capital aliases", () => {
    expect(small.find("AP outage in your area").map((o) => o.id)).toEqual(["acme"]);
    expect(small.find("ap outage in your area")).toEqual([]);
  });
});
