// The phone channel: POST /api/v1/phone/lookup, its batch, check_phone, `scamverify phone`, and community reports
// of numbers.
import { err, ok } from "neverthrow";
import { validationError } from "../../errors.js";
import { analyzePhoneNumber } from "../../analyzers/phone/analyze-phone-number.js";
import { normalizePhone } from "../../analyzers/phone/normalize-phone.js";
import type { NormalizedPhone } from "../../analyzers/phone/normalized-phone.js";
import { BatchPhoneRequestSchema, BatchPhoneResponseSchema } from "../../schemas/batch.js";
import {
  PhoneLookupRequestSchema,
  PhoneLookupResultSchema,
  type PhoneLookupResult,
  type PhoneSignals,
} from "../../schemas/phone.js";
import { assessWith, pickSignals } from "../../usecases/channel-assessment.js";
import type { Kernel } from "../../usecases/kernel.js";
import { TEST_PHONE_LINES } from "../../usecases/test-mode.js";
import { defineChannel, type QuotaChannelDefinition } from "../define-channel.js";
import { summarizeAssessment } from "../summary.js";

export const PHONE_QUOTA: QuotaChannelDefinition<"phone"> = {
  id: "phone",
  header: "Phone",
  unit: "phone lookups",
  limits: { free: 50, starter: 1000, professional: 3000, business: 10000, scale: 25000, enterprise: 100000 },
};

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

export type PhoneAssessment = Omit<PhoneLookupResult, "cached" | "cache_expires_at">;

export async function assessPhone(
  k: Kernel,
  phone: NormalizedPhone,
  mode: "live" | "test",
  options: { readonly subLookup?: boolean } = {},
): Promise<PhoneAssessment> {
  const { common, signals } = await assessWith(k, mode, {
    skipModel: options.subLookup === true,
    channel: "phone",
    input: phone,
    subject: phone.national,
    identity: phone.e164,
    offline: [analyzePhoneNumber(phone)],
    magic: mode === "test" ? (TEST_PHONE_LINES[phone.e164] ?? null) : null,
    sources: k.ports.phoneSources ?? [],
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

export function parsePhone(raw: string, field: string) {
  const parsed = normalizePhone(raw);
  if (parsed.isErr()) return err(validationError(parsed.error.map((i) => ({ ...i, field }))));
  return ok(parsed.value);
}

type BatchPhoneBody = {
  phone_numbers?: string[] | undefined;
  items?: { phone_number: string }[] | undefined;
  force_refresh?: boolean;
};

export const PHONE_CHANNEL = defineChannel({
  id: "phone",
  verb: "lookupPhone",
  title: "Check a phone number",
  description:
    "Assess how likely a U.S. phone number is to belong to a scammer or robocaller: complaint registries, number " +
    "analysis, carrier and line type, community reports. Scope phone:lookup. Costs 1 phone unit unless served from cache.",
  scope: "phone:lookup",
  quota: PHONE_QUOTA,
  statusComponent: "phone_lookup",
  units: "phone lookups",
  http: { path: "/api/v1/phone/lookup", body: "json" },
  request: PhoneLookupRequestSchema,
  result: PhoneLookupResultSchema,
  parse: (req) => parsePhone(req.phone_number, "phone_number"),
  forceRefresh: (req) => req.force_refresh === true,
  cacheKey: (phone) => `phone:${phone.e164}${phone.extension === null ? "" : `;ext=${phone.extension}`}`,
  assess: async (ctx, phone) => ok(await assessPhone(ctx.kernel, phone, ctx.mode)),
  magic: Object.entries(TEST_PHONE_LINES).map(([input, verdict]) => ({ input, verdict })),
  samples: {
    magicBody: (m) => ({ phone_number: m.input }),
    invalid: { phone_number: "12" },
    // Distinct numbers of valid NANP form: +1 (312) 200-0000 and on.
    fresh: (n) => ({ phone_number: `+1 (312) ${200 + (n % 800)}-${String(n % 10_000).padStart(4, "0")}` }),
  },
  batch: {
    verb: "batchPhone",
    path: "/api/v1/batch/phone",
    title: "Check up to 100 phone numbers",
    description:
      "phone_numbers (array of strings) or items (array of {phone_number}). Same rules as the URL batch; each " +
      "successful non-cached item costs 1 phone unit.",
    request: BatchPhoneRequestSchema,
    response: BatchPhoneResponseSchema,
    mcpTool: "check_phones_batch",
    itemName: "phone numbers",
    items: (body) => {
      const b = body as BatchPhoneBody;
      return b.phone_numbers
        ? b.phone_numbers.map((n, i) => ({ body: { phone_number: n }, input: n, field: `phone_numbers[${i}]` }))
        : (b.items ?? []).map((item, i) => ({
            body: { phone_number: item.phone_number },
            input: item.phone_number,
            field: `items[${i}].phone_number`,
          }));
    },
    forceRefresh: (body) => (body as BatchPhoneBody).force_refresh === true,
  },
  reportable: { what: "number", normalize: (value) => parsePhone(value, "value").map((p) => p.e164) },
  mcp: {
    tool: "check_phone",
    prompt: {
      name: "investigate_phone_number",
      title: "Investigate a phone number",
      argument: "phone_number",
      describe: "The number that called or texted",
      ask: (v) => `Someone was contacted from ${v}. Check it with check_phone.`,
    },
    summarize: (v) => summarizeAssessment(v.national_format, v),
    subject: (v) => v.national_format,
  },
  cli: {
    command: "phone",
    argument: "phone numbers",
    example: 'scamverify phone "(415) 555-2671"\n  cat numbers.txt | scamverify phone --file - --format jsonl',
    toRequest: (phone_number) => ({ phone_number }),
  },
});
