import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import {
  NANP_AREA_CODES,
  PERSONAL_NPAS,
  RESERVED_TOLL_FREE_NPAS,
  SERVICE_NPAS,
  TOLL_FREE_NPAS,
} from "./nanp-area-codes.js";
import type { NormalizedPhone } from "./normalized-phone.js";

export const NUMBER_ANALYSIS_SOURCE = "number_analysis";

/** The values of the number_type signal. */
export type PhoneNumberType =
  | "geographic"
  | "toll_free"
  | "premium"
  | "personal"
  | "non_geographic"
  | "n11"
  | "fictional"
  | "test"
  | "international_nanp"
  | "unassigned";

const N11 = /^[2-9]11$/;

/** Numbers people type when they do not mean a real one: one digit repeated, or a run of sequential digits. */
function isTestPattern(national: string): boolean {
  if (/^(\d)\1{9}$/.test(national)) return true;
  return "0123456789012".includes(national) || "9876543210987".includes(national);
}

/**
 * Offline reading of the number itself: what kind of number it is, where its area code is, and the ranges that no
 * legitimate caller can show (fictional, unassigned, N11) or that scams lean on (premium, Caribbean callback codes).
 * Points follow the Factor contract: percent risk this finding alone implies.
 */
export function analyzePhoneNumber(p: NormalizedPhone): Evidence {
  const factors: Factor[] = [];
  const add = (id: string, label: string, points: number): void => {
    factors.push({ id, source: NUMBER_ANALYSIS_SOURCE, label, points });
  };
  const national = `${p.npa}${p.nxx}${p.line}`;
  const area = NANP_AREA_CODES.get(p.npa);
  const parsed = parsePhoneNumberFromString(p.e164);
  const libType = parsed?.getType();
  // An area code in our table but not yet in the library metadata is a recent overlay, not a spoofing sign.
  const inService = parsed?.country !== undefined || area !== undefined;
  let numberType: PhoneNumberType = "geographic";
  let region: string | null = area?.region ?? null;
  let floor = 0;

  if (TOLL_FREE_NPAS.has(p.npa)) {
    numberType = "toll_free";
    region = null;
    add(
      "toll_free_number",
      `${p.npa} is a toll-free code: anyone in the U.S. can rent it, and callback scams use it`,
      5,
    );
  } else if (RESERVED_TOLL_FREE_NPAS.has(p.npa)) {
    numberType = "unassigned";
    region = null;
    add("reserved_toll_free", `${p.npa} is reserved for future toll-free use; no real caller has this number yet`, 55);
  } else if (p.npa === "900") {
    numberType = "premium";
    region = null;
    add("premium_rate_number", "900 numbers are pay-per-call: calling back is billed at premium rates", 55);
  } else if (PERSONAL_NPAS.has(p.npa) || libType === "PERSONAL_NUMBER") {
    numberType = "personal";
    region = null;
    add("personal_number", `${p.npa} is a non-geographic personal number code rarely used by businesses`, 20);
  } else if (SERVICE_NPAS[p.npa] !== undefined) {
    numberType = "non_geographic";
    region = null;
    add("service_code_number", `${p.npa} is reserved for ${SERVICE_NPAS[p.npa]}; not an ordinary caller ID`, 40);
  } else if (N11.test(p.npa)) {
    numberType = "n11";
    region = null;
    add("n11_area_code", `${p.npa} is an N11 service code and cannot be an area code: the caller ID is spoofed`, 70);
    floor = 40;
  } else if (area?.kind === "caribbean") {
    numberType = "international_nanp";
    add(
      "one_ring_area_code",
      `Area code ${p.npa} is in ${area.region}, not the U.S.: a frequent source of one-ring and callback scams billed at international rates`,
      45,
    );
  } else if (area?.kind === "canada") {
    numberType = "international_nanp";
    add("outside_us_area_code", `Area code ${p.npa} is in Canada, not the U.S.; calls back are international`, 10);
  } else if (!inService) {
    numberType = "unassigned";
    region = null;
    add(
      "unassigned_area_code",
      `Area code ${p.npa} is not in service anywhere in North America: the caller ID is almost certainly spoofed`,
      70,
    );
    floor = 40;
  } else if (area?.kind === "us_territory") {
    add("us_territory_area_code", `Area code ${p.npa} is in ${area.region} (a U.S. territory)`, 3);
  }

  if (p.nxx === "555" && /^01\d\d$/.test(p.line)) {
    numberType = "fictional";
    add("fictional_number", "555-0100 to 555-0199 is reserved for fiction and examples; no one can call from it", 60);
    floor = Math.max(floor, 40);
  } else if (p.nxx === "555" && p.line !== "1212") {
    add("exchange_555", "The 555 exchange is almost entirely unassigned; such caller IDs are usually invented", 35);
  } else if (N11.test(p.nxx)) {
    if (numberType === "geographic") numberType = "n11";
    add("n11_exchange", `Exchange ${p.nxx} is an N11 service code, never assigned to subscribers`, 50);
  } else if (p.nxx === "958" || p.nxx === "959") {
    if (numberType === "geographic") numberType = "test";
    add("carrier_test_exchange", `Exchange ${p.nxx} is reserved for carrier test lines`, 50);
  } else if (p.nxx === "976" && numberType === "geographic") {
    add("pay_per_call_exchange", "976 exchanges were used for local pay-per-call services", 30);
  }
  if (isTestPattern(national)) {
    if (numberType === "geographic" || numberType === "unassigned") numberType = "test";
    add("test_pattern_number", "The digits form a placeholder pattern (repeated or sequential), not a real number", 50);
  }
  if (numberType === "geographic" && parsed?.country !== undefined && !parsed.isValid()) {
    add("invalid_exchange", `Exchange ${p.nxx} is not valid in area code ${p.npa}`, 40);
  }

  factors.sort((a, b) => b.points - a.points);
  return {
    source: NUMBER_ANALYSIS_SOURCE,
    status: "ok",
    signals: { number_type: numberType, region },
    factors,
    ...(floor > 0 ? { floor } : {}),
  };
}
