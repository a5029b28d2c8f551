// Picks the steps for one answer: the scam type's own, then the general ones, then the country's reporting places.
// An answer below medium risk gets the "before" steps only, as caution; never the "if you already did" ones.
import type { Lang, VerdictState } from "./i18n.js";
import {
  COUNTRIES,
  COUNTRY_STEPS,
  GENERAL_STEPS,
  GROUP_STEPS,
  type Country,
  type CountrySteps,
  type ScamGroup,
  type Step,
} from "./next-steps-data.js";

const GROUP_OF: Readonly<Record<string, ScamGroup>> = {
  toll_fee: "toll",
  parcel_delivery: "parcel",
  bank_alert: "bank",
  payment_redirection: "bank",
  verification_code: "bank",
  refund_overpayment: "bank",
  invoice_callback: "bank",
  account_suspension: "account",
  phishing_link: "account",
  government_impersonation: "government",
  family_emergency: "family",
  job_offer: "job",
  task_scam: "job",
  romance: "romance",
  wrong_number: "romance",
  investment_crypto: "investment",
  tech_support: "tech_support",
  prize_lottery: "prize",
};

/** The group of steps for an engine scam type (null, "none" and unknown types: other). */
export function scamGroupOf(scamType: string | null | undefined): ScamGroup {
  return (scamType && GROUP_OF[scamType]) || "other";
}

export function isCountry(value: unknown): value is Country {
  return typeof value === "string" && (COUNTRIES as readonly string[]).includes(value);
}

/** The country whose steps to show: the one chosen, else the browser's region, else the server's default. */
export function pickCountry(chosen: unknown, region: string | null, fallback: Country): Country {
  if (isCountry(chosen)) return chosen;
  const r = region === "UK" ? "GB" : region;
  if (isCountry(r) && r !== "OTHER") return r;
  return fallback;
}

export interface LocalStep {
  readonly text: string;
  readonly href?: string;
}

export interface NextSteps {
  readonly before: readonly LocalStep[];
  readonly after: readonly LocalStep[];
  readonly report: readonly LocalStep[];
  readonly country: CountrySteps;
}

function local(steps: readonly Step[], lang: Lang): LocalStep[] {
  return steps.map((s) => ({ text: s[lang], ...(s.href ? { href: s.href } : {}) }));
}

export function nextSteps(state: VerdictState, scamType: string | null, country: Country, lang: Lang): NextSteps {
  const group = GROUP_STEPS[scamGroupOf(scamType)];
  const where = COUNTRY_STEPS[country];
  const risky = state === "medium_risk" || state === "high_risk" || state === "scam";
  // Something that checks out still gets the one habit that protects against a good imitation.
  const before = state === "safe" ? GENERAL_STEPS.before.slice(1) : [...group.before, ...GENERAL_STEPS.before];
  return {
    before: local(before, lang),
    after: risky ? local([...group.after, ...GENERAL_STEPS.after, ...where.ifYouDid], lang) : [],
    report: risky ? local(where.report, lang) : [],
    country: where,
  };
}
