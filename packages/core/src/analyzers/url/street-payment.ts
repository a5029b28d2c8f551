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

/** The words a name token is glued from, when all of it is (longest words first), else null. */
function gluedWords(token: string): string[] | null {
  const memo = new Map<number, string[] | null>();
  const from = (at: number): string[] | null => {
    if (at === token.length) return [];
    const known = memo.get(at);
    if (known !== undefined) return known;
    let found: string[] | null = null;
    for (let end = Math.min(token.length, at + LONGEST); end > at && found === null; end--) {
      const word = token.slice(at, end);
      if (!VOCABULARY.has(word)) continue;
      const rest = from(end);
      if (rest !== null) found = [word, ...rest];
    }
    memo.set(at, found);
    return found;
  };
  return token.length > 64 ? null : from(0);
}

/**
 * The `street_payment_domain` factor of a URL, or null, when no operator, authority or popular site uses the name
 * and either the name pairs a parking, meter or toll word with a payment word ("parkingpay-austin", "meterpay"), or
 * it is spelled from such words alone ("ezpark-meter", "citymeter", "ev-charge-pay") and the link opens one meter's,
 * zone's or charger's page or a payment page (`asks`). "park" and "charge" ("park-hotel", "phone-charge") count
 * only in such a spelled name.
 */
export function streetPaymentFactor(url: NormalizedUrl, asks: string | null): Factor | null {
  const label = registrableLabel(url);
  const registrable = url.registrableDomain;
  if (label === null || registrable === null || url.isIp) return null;
  if (OFFICIAL_DOMAINS.has(registrable) || POPULAR.has(registrable) || isGovernmentRegistry(url)) return null;
  const tokens = label.split("-");
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
  const fires =
    (charge !== undefined && pays !== undefined) ||
    (spelled && (meterPage || (pays !== undefined && asks !== null) || (charge !== undefined && asks !== null)));
  if (!fires) return null;
  const service = charge ?? ambiguous ?? "";
  const why =
    pays !== undefined
      ? `pairs "${service}" with "${pays}"`
      : meterPage
        ? `names "${service}" and opens one meter's or zone's page`
        : `names "${service}" and its page asks for "${asks ?? ""}"`;
  return {
    id: "street_payment_domain",
    source: "url_heuristics",
    label: `The name ${registrable} ${why}, but no parking, toll or charging operator or authority uses it`,
    points: 40,
  };
}
