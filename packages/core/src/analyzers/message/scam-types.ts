import { z } from "zod";

/** The scam stories the message analyzer tells apart; "none" when a message tells none of them. */
export const SCAM_TYPES = [
  "toll_fee",
  "parcel_delivery",
  "bank_alert",
  "account_suspension",
  "government_impersonation",
  "tech_support",
  "job_offer",
  "task_scam",
  "investment_crypto",
  "romance",
  "wrong_number",
  "family_emergency",
  "prize_lottery",
  "refund_overpayment",
  "verification_code",
  "invoice_callback",
  "payment_redirection",
  "phishing_link",
  "other",
] as const;
export type ScamType = (typeof SCAM_TYPES)[number];

export const ScamTypeSchema = z.enum([...SCAM_TYPES, "none"]).meta({
  id: "ScamType",
  description:
    "The scam story the message tells, or none. toll_fee: unpaid toll; parcel_delivery: delivery problem or fee; " +
    "bank_alert: bank or card alert; account_suspension: an account locked or about to be; government_impersonation: " +
    "IRS, DMV, courts, police; tech_support: virus or support callback; job_offer and task_scam: work and paid online " +
    "tasks; investment_crypto; romance; wrong_number: a chat opened by a 'wrong number'; family_emergency: a relative " +
    "on a new number; prize_lottery; refund_overpayment; verification_code: asks for a one-time code; invoice_callback: " +
    "a charge to call about; payment_redirection: changed bank details; phishing_link: a link to sign in or pay; other.",
});
export type ScamTypeOrNone = z.infer<typeof ScamTypeSchema>;
