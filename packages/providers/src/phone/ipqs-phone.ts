// IPQualityScore phone validation (GET /api/json/phone/{key}/{number}) mapped to the vendor4_fraud_score signal and
// reputation factors (recent abuse, spammer, risky, VOIP, prepaid, inactive). Pure to*/from* mappers.
import type { NormalizedPhone } from "@scamverify/core";
import type { VendorOutcome } from "./twilio-lookup.js";
import { getPhoneVendorJson, type PhoneVendorHttpDeps } from "./phone-vendor-http.js";

export const IPQS_BASE_URL = "https://www.ipqualityscore.com";

export interface PhoneReputation {
  readonly fraudScore: number;
  readonly valid: boolean | null;
  readonly active: boolean | null;
  readonly recentAbuse: boolean;
  readonly spammer: boolean;
  readonly risky: boolean;
  readonly voip: boolean;
  readonly prepaid: boolean;
  readonly carrier: string | null;
  readonly lineType: string | null;
}

export function toIpqsPhoneRequest(
  phone: NormalizedPhone,
  apiKey: string,
  baseUrl: string = IPQS_BASE_URL,
): { url: string } {
  const number = phone.e164.replace(/^\+/, "");
  return {
    url: `${baseUrl.replace(/\/$/, "")}/api/json/phone/${encodeURIComponent(apiKey)}/${number}?country%5B%5D=US`,
  };
}

const bool = (v: unknown): boolean => v === true || v === "true";
const maybeBool = (v: unknown): boolean | null => (typeof v === "boolean" ? v : null);
const str = (v: unknown): string | null =>
  typeof v === "string" && v.trim() !== "" && v.trim().toUpperCase() !== "N/A" ? v.trim() : null;

/** A successful answer, or the vendor's own message when success is false. */
export function fromIpqsPhoneResponse(
  body: unknown,
): { ok: true; value: PhoneReputation } | { ok: false; reason: string } {
  if (typeof body !== "object" || body === null) return { ok: false, reason: "unexpected answer" };
  const b = body as Record<string, unknown>;
  if (b["success"] !== true) return { ok: false, reason: str(b["message"]) ?? "request not successful" };
  const score = Number(b["fraud_score"]);
  if (!Number.isFinite(score)) return { ok: false, reason: "no fraud_score in the answer" };
  return {
    ok: true,
    value: {
      fraudScore: Math.max(0, Math.min(100, score)),
      valid: maybeBool(b["valid"]),
      active: maybeBool(b["active"]),
      recentAbuse: bool(b["recent_abuse"]),
      spammer: bool(b["spammer"]),
      risky: bool(b["risky"]),
      voip: bool(b["VOIP"]),
      prepaid: bool(b["prepaid"]),
      carrier: str(b["carrier"]),
      lineType: str(b["line_type"]),
    },
  };
}

export interface IpqsPhoneOptions {
  readonly apiKey: string;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly budgetMs?: number;
  readonly maxRetries?: number;
}

export class IpqsPhoneClient {
  constructor(
    private readonly http: PhoneVendorHttpDeps,
    private readonly options: IpqsPhoneOptions,
  ) {}

  async check(phone: NormalizedPhone, signal: AbortSignal): Promise<VendorOutcome<PhoneReputation>> {
    const res = await getPhoneVendorJson(this.http, {
      ...toIpqsPhoneRequest(phone, this.options.apiKey, this.options.baseUrl),
      signal,
      timeoutMs: this.options.timeoutMs ?? 2500,
      budgetMs: this.options.budgetMs ?? 4000,
      maxRetries: this.options.maxRetries ?? 2,
    });
    if (!res.ok) return { ok: false, reason: `IPQualityScore: ${res.reason}` };
    const out = fromIpqsPhoneResponse(res.body);
    return out.ok ? out : { ok: false, reason: `IPQualityScore: ${out.reason}` };
  }
}
