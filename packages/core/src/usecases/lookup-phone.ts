import { err, ok, type Result } from "neverthrow";
import { validationError, type AppError } from "../errors.js";
import { analyzePhoneNumber } from "../analyzers/phone/analyze-phone-number.js";
import { normalizePhone } from "../analyzers/phone/normalize-phone.js";
import type { NormalizedPhone } from "../analyzers/phone/normalized-phone.js";
import { PhoneLookupRequestSchema, type PhoneLookupResult, type PhoneSignals } from "../schemas/phone.js";
import { assessWith, pickSignals } from "./assemble.js";
import { guardedLookup, type ChannelSpec } from "./channel.js";
import type { Principal } from "./deps.js";
import type { Kernel, Outcome } from "./kernel.js";
import { parseBody } from "./parse-body.js";
import { TEST_PHONE_LINES } from "./test-mode.js";

const EMPTY_SIGNALS: PhoneSignals = {
  carrier: null,
  line_type: null,
  caller_name: null,
  ftc_complaints: null,
  fcc_complaints: null,
  robocall_detected: null,
  first_reported_at: null,
  last_reported_at: null,
  top_subjects: [],
  high_risk_carrier: null,
  vendor4_fraud_score: null,
  number_type: "geographic",
  region: null,
  community_reports: 0,
};

type Computed = Omit<PhoneLookupResult, "cached" | "cache_expires_at">;

export async function assessPhone(k: Kernel, phone: NormalizedPhone, mode: "live" | "test"): Promise<Computed> {
  const { common, signals } = await assessWith(k, mode, {
    channel: "phone",
    input: phone,
    subject: phone.national,
    identity: phone.e164,
    offline: [analyzePhoneNumber(phone)],
    magic: mode === "test" ? (TEST_PHONE_LINES[phone.e164] ?? null) : null,
    sources: k.deps.phoneSources ?? [],
    report: { kind: "phone", value: phone.e164, what: "number" },
  });
  return {
    ...common,
    phone_number: phone.e164,
    national_format: phone.national,
    extension: phone.extension,
    signals: pickSignals(EMPTY_SIGNALS, signals),
  };
}

export const PHONE_CHANNEL: ChannelSpec<NormalizedPhone, Computed, "phone"> = {
  channel: "phone",
  scope: "phone:lookup",
  parse(raw, field) {
    const parsed = normalizePhone(raw);
    if (parsed.isErr()) return err(validationError(parsed.error.map((i) => ({ ...i, field }))));
    return ok(parsed.value);
  },
  cacheKey: (phone) => `phone:${phone.e164}${phone.extension === null ? "" : `;ext=${phone.extension}`}`,
  assess: assessPhone,
};

export function lookupPhone(
  k: Kernel,
  p: Principal,
  body: unknown,
): Promise<Result<Outcome<PhoneLookupResult>, AppError>> {
  return guardedLookup(k, p, PHONE_CHANNEL, () =>
    parseBody(PhoneLookupRequestSchema, body).map((b) => ({
      raw: b.phone_number,
      forceRefresh: b.force_refresh,
      field: "phone_number",
    })),
  );
}
