// Twilio Lookup v2 (GET /v2/PhoneNumbers/{E164}?Fields=line_type_intelligence,caller_name, Basic auth with the
// account SID and auth token) mapped to carrier, line type and caller name. Pure to*/from* mappers; the client only calls.
import type { NormalizedPhone } from "@scamverify/core";
import { getPhoneVendorJson, type PhoneVendorHttpDeps } from "./phone-vendor-http.js";

export interface TwilioCredentials {
  readonly accountSid: string;
  readonly authToken: string;
}

export interface CarrierInfo {
  readonly valid: boolean | null;
  readonly carrier: string | null;
  /** Twilio's line type: mobile, landline, fixedVoip, nonFixedVoip, personal, tollFree, premium, sharedCost, ... */
  readonly lineType: string | null;
  readonly callerName: string | null;
  /** BUSINESS, CONSUMER or null. */
  readonly callerType: string | null;
  readonly mobileCountryCode: string | null;
  readonly mobileNetworkCode: string | null;
}

export const TWILIO_LOOKUP_BASE_URL = "https://lookups.twilio.com";

export function toTwilioLookupRequest(
  phone: NormalizedPhone,
  creds: TwilioCredentials,
  baseUrl: string = TWILIO_LOOKUP_BASE_URL,
): { url: string; headers: Record<string, string> } {
  const auth = Buffer.from(`${creds.accountSid}:${creds.authToken}`, "utf8").toString("base64");
  return {
    url: `${baseUrl.replace(/\/$/, "")}/v2/PhoneNumbers/${encodeURIComponent(phone.e164)}?Fields=line_type_intelligence%2Ccaller_name`,
    headers: { authorization: `Basic ${auth}` },
  };
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const obj = (v: unknown): Record<string, unknown> | null =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** Reads a Lookup v2 answer; null when the document is not one. Sub-objects with an error_code count as absent. */
export function fromTwilioLookupResponse(body: unknown): CarrierInfo | null {
  const root = obj(body);
  if (!root || typeof root["phone_number"] !== "string") return null;
  const lti = obj(root["line_type_intelligence"]);
  const cn = obj(root["caller_name"]);
  const ltiOk = lti !== null && (lti["error_code"] === null || lti["error_code"] === undefined);
  const cnOk = cn !== null && (cn["error_code"] === null || cn["error_code"] === undefined);
  return {
    valid: typeof root["valid"] === "boolean" ? root["valid"] : null,
    carrier: ltiOk ? str(lti["carrier_name"]) : null,
    lineType: ltiOk ? str(lti["type"]) : null,
    callerName: cnOk ? str(cn["caller_name"]) : null,
    callerType: cnOk ? str(cn["caller_type"]) : null,
    mobileCountryCode: ltiOk ? str(lti["mobile_country_code"]) : null,
    mobileNetworkCode: ltiOk ? str(lti["mobile_network_code"]) : null,
  };
}

export type VendorOutcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

export interface TwilioLookupOptions {
  readonly credentials: TwilioCredentials;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly budgetMs?: number;
  readonly maxRetries?: number;
}

export class TwilioLookupClient {
  constructor(
    private readonly http: PhoneVendorHttpDeps,
    private readonly options: TwilioLookupOptions,
  ) {}

  async lookup(phone: NormalizedPhone, signal: AbortSignal): Promise<VendorOutcome<CarrierInfo>> {
    const req = toTwilioLookupRequest(phone, this.options.credentials, this.options.baseUrl);
    const res = await getPhoneVendorJson(this.http, {
      ...req,
      signal,
      timeoutMs: this.options.timeoutMs ?? 2500,
      budgetMs: this.options.budgetMs ?? 4000,
      maxRetries: this.options.maxRetries ?? 2,
    });
    if (!res.ok) return { ok: false, reason: `Twilio Lookup: ${res.reason}` };
    const info = fromTwilioLookupResponse(res.body);
    return info ? { ok: true, value: info } : { ok: false, reason: "Twilio Lookup: unexpected answer" };
  }
}
