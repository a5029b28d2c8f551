// A small organisation directory for the text evaluation and the analyzer's tests: the organisations the labelled
// messages name, with their official domains and a published number where one is used. Not the product's
// directory (that one is maintained with its sources); only what the evaluation needs to be meaningful.

import type {
  Organisation,
  OrganisationCategory,
  OrganisationDirectory,
} from "../../packages/core/src/analyzers/organisations/organisation.js";

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A directory over a fixed list: aliases matched case-insensitively on word boundaries, earliest mention first. */
export function createListDirectory(orgs: readonly Organisation[]): OrganisationDirectory {
  const patterns = orgs.map((o) => ({
    org: o,
    re: new RegExp(`(?<![\\p{L}\\p{N}])(?:${o.aliases.map(escape).join("|")})(?![\\p{L}\\p{N}])`, "iu"),
  }));
  const byDomain = new Map<string, Organisation>();
  const byPhone = new Map<string, Organisation>();
  for (const o of orgs) {
    for (const d of o.officialDomains) byDomain.set(d, o);
    for (const p of o.officialPhones) byPhone.set(p, o);
  }
  return {
    find(text: string): readonly Organisation[] {
      const found: { org: Organisation; at: number }[] = [];
      for (const { org, re } of patterns) {
        const m = re.exec(text);
        if (m !== null) found.push({ org, at: m.index });
      }
      return found.sort((a, b) => a.at - b.at).map((f) => f.org);
    },
    byDomain: (d) => byDomain.get(d),
    byPhone: (p) => byPhone.get(p),
  };
}

// id | name | category | aliases (;) | official domains (space) | official phones (space)
const TABLE = `
usps|USPS|postal|USPS;U.S. Postal Service;US Postal Service;United States Postal Service;US Post;Post Office|usps.com usps.gov|+18002758777
ups|UPS|parcel|UPS|ups.com|+18007425877
fedex|FedEx|parcel|FedEx|fedex.com|+18004633339
dhl|DHL|parcel|DHL;DHL Express|dhl.com|
amazon|Amazon|retail|Amazon;Amazon Logistics|amazon.com amzn.to amazon.es|+18882804331
ezpass-ny|E-ZPass New York|toll|E-ZPass;EZPass;E ZPass;EZ Pass;NY E-ZPass|e-zpassny.com|+18003335392
sunpass|SunPass|toll|SunPass|sunpass.com|+18886657277
fastrak|FasTrak|toll|FasTrak;Bay Area FasTrak|bayareafastrak.org|+18777257800
toll-roads|The Toll Roads|toll|The Toll Roads|thetollroads.com|+19496507827
txtag|TxTag|toll|TxTag|txtag.org|+18888248824
chase|Chase|bank|Chase;JPMorgan Chase|chase.com|+18009359935
bofa|Bank of America|bank|Bank of America;BofA|bankofamerica.com bofa.com|+18004321000
wells-fargo|Wells Fargo|bank|Wells Fargo|wellsfargo.com wf.com|+18008693557
citi|Citi|bank|Citi;Citibank|citi.com citibank.com|+18009506600
capital-one|Capital One|bank|Capital One|capitalone.com|+18002274825
navy-federal|Navy Federal Credit Union|bank|Navy Federal|navyfederal.org|+18888426328
us-bank|U.S. Bank|bank|US Bank;U.S. Bank|usbank.com|+18008722657
pnc|PNC|bank|PNC|pnc.com|+18887624265
td-bank|TD Bank|bank|TD Bank|td.com tdbank.com|
paypal|PayPal|payment|PayPal|paypal.com paypal.me|+18882211161
venmo|Venmo|payment|Venmo|venmo.com|
zelle|Zelle|payment|Zelle|zellepay.com|
cash-app|Cash App|payment|Cash App|cash.app|
coinbase|Coinbase|crypto|Coinbase|coinbase.com|
irs|Internal Revenue Service|federal|IRS;Internal Revenue Service|irs.gov|+18008291040
ssa|Social Security Administration|federal|Social Security Administration;Seguro Social|ssa.gov|+18007721213
uscis|USCIS|federal|USCIS|uscis.gov|+18003755283
medicare|Medicare|federal|Medicare|medicare.gov|+18006334227
ny-dmv|New York DMV|state_dmv|NY DMV;New York DMV;NYS DMV|dmv.ny.gov ny.gov|
apple|Apple|tech|Apple;Apple ID;iCloud|apple.com icloud.com|+18002752273
microsoft|Microsoft|tech|Microsoft;Microsoft 365;Windows Defender|microsoft.com live.com|
google|Google|tech|Google|google.com|
netflix|Netflix|streaming|Netflix|netflix.com|
geek-squad|Geek Squad|retail|Geek Squad|geeksquad.com bestbuy.com|+18004335778
best-buy|Best Buy|retail|Best Buy|bestbuy.com|+18882378289
walmart|Walmart|retail|Walmart;Walmart+|walmart.com|+18009256278
target|Target|retail|Target;Target Circle|target.com|
verizon|Verizon|telecom|Verizon|verizon.com|+18009220204
att|AT&T|telecom|AT&T|att.com|+18003310500
t-mobile|T-Mobile|telecom|T-Mobile|t-mobile.com|
pge|PG&E|utility|PG&E|pge.com|+18007435000
con-ed|Con Edison|utility|Con Edison;ConEd|coned.com|
cvs|CVS|retail|CVS;CVS Pharmacy|cvs.com|
walgreens|Walgreens|retail|Walgreens|walgreens.com|
`;

export const EVAL_ORGANISATIONS: readonly Organisation[] = TABLE.trim()
  .split("\n")
  .map((line) => {
    const [id = "", name = "", category = "", aliases = "", domains = "", phones = ""] = line.split("|");
    return {
      id,
      name,
      category: category as OrganisationCategory,
      aliases: aliases.split(";"),
      officialDomains: domains.split(" ").filter((d) => d !== ""),
      officialPhones: phones.split(" ").filter((p) => p !== ""),
      source: "evaluation fixture",
    };
  });

export const EVAL_DIRECTORY: OrganisationDirectory = createListDirectory(EVAL_ORGANISATIONS);
