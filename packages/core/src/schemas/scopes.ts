import { z } from "zod";

export const SCOPES = ["phone:lookup", "url:lookup", "text:analyze", "email:analyze", "usage:read"] as const;
export const ScopeSchema = z.enum(SCOPES).meta({ id: "Scope" });
export type Scope = z.infer<typeof ScopeSchema>;

export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  "phone:lookup": "Look up phone number risk assessments",
  "url:lookup": "Check website and URL safety",
  "text:analyze": "Analyze text messages for scams",
  "email:analyze": "Analyze emails for phishing",
  "usage:read": "View usage and quota",
};
