// Names made for a street charge: "parkingpay-austin.com/meter/1182", "tollbypay-plate.com", "ev-charge-pay.com".
// Parking meters, toll roads and chargers are paid through their operators and authorities, which run under names
// of their own (the brand directory lists them, and a government registry vouches for a council's page); a name
// spelled out of the service's words, collecting the payment, is the shape of the stickers and letters that
// impersonate them.

import type { Factor } from "../../schemas/common.js";
import type { NormalizedUrl } from "./normalized-url.js";
import { isGovernmentRegistry, OFFICIAL_DOMAINS, POPULAR, registrableLabel, TRADES } from "./brand-index.js";
import {
  STREET_AMBIGUOUS_WORDS,
  STREET_CHARGE_WORDS,
  STREET_FILLER_WORDS,
  STREET_PAY_WORDS,
} from "./lists/url-lists.js";

const CHARGE = new Set(STREET_CHARGE_WORDS);
const AMBIGUOUS = new Set(STREET_AMBIGUOUS_WORDS);
const PAY = new Set(STREET_PAY_WORDS);
const VOCABULARY = new Set([...CHARGE, ...AMBIGUOUS, ...PAY, ...STREET_FILLER_WORDS]);
const LONGEST = Math.max(...[...VOCABULARY].map((w) => w.length));

/** A page of one meter, zone, bay or charger ("/meter/1182", "/zone/4471", "?station=88", "?plate=..."). */
const METER_PAGE = /\/(?:meters?|zones?|m|z|space|bay|stations?|lot)\/[0-9]{2,}(?:$|[/?#])/i;
const METER_QUERY = /(?:^|[?&])(?:zone|zonenumber|zone_id|zoneid|meter|meterid|space|bay|station|stationid|plate)=/i;

/** The words `token` is glued from from `at` on (longest words first), else null; `memo` keeps each place's answer. */
function gluedFrom(token: string, at: number, memo: Map<number, string[] | null>): string[] | null {
  if (at === token.length) return [];
  const known = memo.get(at);
  if (known !== undefined) return known;
  let found: string[] | null = null;
  for (let end = Math.min(token.length, at + LONGEST); end > at && found === null; end--) {
    const word = token.slice(at, end);
    if (!VOCABULARY.has(word)) continue;
    const rest = gluedFrom(token, end, memo);
    if (rest !== null) found = [word, ...rest];
  }
  memo.set(at, found);
  return found;
}

/** The words a name token is glued from, when all of it is (longest words first), else null. */
function gluedWords(token: string): string[] | null {
  return token.length > 64 ? null : gluedFrom(token, 0, new Map());
}

/**
 * The street-charge word a site name on a hosting platform is spelled around ("park-meter-9921", "tollpay-ny"), or
 * undefined. A parking, meter or toll word counts alone; "park", "charge", "ev" and "volt" only beside a payment
 * word. Operators and authorities collect on names of their own, never on a free host's subdomain.
 */
export function streetChargeOfSiteName(name: string): string | undefined {
  const words = name.split(/[^a-z0-9]+/).flatMap((t) => gluedWords(t) ?? []);
  const charge = words.find((w) => CHARGE.has(w));
  if (charge !== undefined) return charge;
  const ambiguous = words.find((w) => AMBIGUOUS.has(w));
  return ambiguous !== undefined && words.some((w) => PAY.has(w)) ? ambiguous : undefined;
}

/**
 * The street-charge word of a short link's chosen name ("bit.ly/park-zone-pay", "tinyurl.com/meter-pay-4471") when
 * that name pairs a parking, meter, toll or charging word with a payment word, else undefined. Whoever shortened the
 * link picked the name; one spelled for paying a street charge hides where the payment goes.
 */
export function streetChargeOfShortName(path: string): string | undefined {
  const name = path.slice(1, 65).toLowerCase();
  if (name.includes("/")) return undefined;
  const words = name.split(/[^a-z]+/).flatMap((t) => (t === "" ? [] : (gluedWords(t) ?? [])));
  if (!words.some((w) => PAY.has(w))) return undefined;
  return words.find((w) => CHARGE.has(w)) ?? words.find((w) => AMBIGUOUS.has(w));
}

/**
 * The `street_payment_domain` factor of a URL, or null, when no operator, authority or popular site uses the name
 * and either the name pairs a parking, meter or toll word with a payment word ("parkingpay-austin", "meterpay"), or
 * it is spelled from such words alone ("ezpark-meter", "citymeter", "ev-charge-pay") and the link opens one meter's,
 * zone's or charger's page or a payment page (`asks`), or sits on a cheap ending (`cheapEnding`: "quickmeter.live").
 * "park" and "charge" ("park-hotel", "phone-charge") count only in such a spelled name.
 */
export function streetPaymentFactor(url: NormalizedUrl, asks: string | null, cheapEnding = false): Factor | null {
  const label = registrableLabel(url);
  const registrable = url.registrableDomain;
  if (label === null || registrable === null || url.isIp) return null;
  if (OFFICIAL_DOMAINS.has(registrable) || POPULAR.has(registrable) || isGovernmentRegistry(url)) return null;
  // Digits separate words as hyphens do ("pay4parking", "zone-22-meter").
  const tokens = label.split(/[-0-9]+/).filter((t) => t !== "");
  // A parking or towing firm's own name ("city-parking-group", "metro-parking-llc") is the firm's.
  if (tokens.some((t) => TRADES.has(t))) return null;
  const split = tokens.map(gluedWords);
  const words = split.flatMap((w) => w ?? []);
  const charge = words.find((w) => CHARGE.has(w));
  const ambiguous = words.find((w) => AMBIGUOUS.has(w));
  if (charge === undefined && ambiguous === undefined) return null;
  const pays = words.find((w) => PAY.has(w));
  // Spelled from the service's words alone ("ezpark-meter", "citymeter"), not a business's ("premiumparking",
  // "acme-parking"): then a meter's page, or a payment page, is enough.
  const spelled = split.every((w) => w !== null);
  const meterPage = METER_PAGE.test(url.path) || METER_QUERY.test(url.query);
  // On a cheap ending the scam lists are full of (".top", ".click", ".online"), a name spelled from the service's
  // words alone needs no page to show it: operators and councils do not collect there.
  const fires =
    (charge !== undefined && pays !== undefined) ||
    (spelled &&
      (meterPage || (pays !== undefined && asks !== null) || (charge !== undefined && asks !== null) || cheapEnding));
  if (!fires) return null;
  const service = charge ?? ambiguous ?? "";
  const why =
    pays !== undefined
      ? `pairs "${service}" with "${pays}"`
      : meterPage
        ? `names "${service}" and opens one meter's or zone's page`
        : asks !== null
          ? `names "${service}" and its page asks for "${asks}"`
          : `is spelled from "${service}" and service words alone on a cheap domain ending`;
  return {
    id: "street_payment_domain",
    source: "url_heuristics",
    label: `The name ${registrable} ${why}, but no parking, toll or charging operator or authority uses it`,
    points: 40,
  };
}
