import { z } from "zod";
import { FactorSchema, VerdictSchema } from "./common.js";

export const SubLookupSchema = z
  .object({
    kind: z.enum(["url", "phone"]),
    value: z.string().describe("The normalized URL or E.164 number"),
    risk_score: z.number().int().min(0).max(100),
    verdict: VerdictSchema,
    confidence: z.number().min(0).max(1),
    factors: z.array(FactorSchema).describe("Its main findings, largest first (at most three)"),
  })
  .meta({
    id: "SubLookup",
    description:
      "A link or phone number found in the input, assessed by the URL or phone channel (no extra quota is charged)",
  });
