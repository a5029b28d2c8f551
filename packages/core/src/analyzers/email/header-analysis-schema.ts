import { z } from "zod";

const AuthResultSchema = z
  .enum(["pass", "fail", "softfail", "neutral", "none", "temperror", "permerror", "unknown"])
  .describe("RFC 8601 result; unknown when it could not be checked");
const AuthOriginSchema = z
  .enum(["verified", "receiver", "unknown"])
  .describe("verified: checked by the service against DNS; receiver: read from a trusted receiving server's header");

export const HeaderBrandImpersonationSchema = z
  .object({
    detected: z.boolean().describe("true when the sender poses as a brand it does not send for"),
    brand: z.string().nullable().describe("The brand impersonated"),
    confidence: z.number().min(0).max(1),
    technique: z
      .string()
      .nullable()
      .describe("display_name (brand name over another domain), or the lookalike technique of the sender domain"),
    summary: z.string().describe("The finding in one sentence, for clients that read brand_impersonation as text"),
  })
  .meta({ id: "EmailBrandImpersonation" });

export const HeaderAnalysisSchema = z
  .object({
    input_kind: z
      .enum(["rfc822", "mime_body", "pasted_text"])
      .describe("How the input was read: a whole message, a body with raw headers, or pasted text without headers"),
    from: z
      .object({
        display_name: z.string(),
        address: z.string(),
        domain: z.string().nullable(),
        free_mail: z.boolean().describe("The address is at a free mailbox provider"),
      })
      .nullable()
      .describe("The From mailbox; null when absent"),
    from_header_count: z.number().int().describe("How many From headers the message has; more than one fails DMARC"),
    display_name_mismatch: z
      .boolean()
      .describe("The display name shows a brand or another address that the sending address does not belong to"),
    brand_impersonation: HeaderBrandImpersonationSchema,
    reply_to: z
      .object({
        address: z.string(),
        domain: z.string().nullable(),
        differs_from_sender: z.boolean().describe("Replies go to another domain than the From domain"),
        free_mail: z.boolean(),
      })
      .nullable(),
    return_path: z
      .object({
        address: z.string(),
        domain: z.string().nullable(),
        differs_from_sender: z.boolean().describe("The envelope sender is on another domain than the From domain"),
      })
      .nullable(),
    lookalike_of_recipient: z
      .string()
      .nullable()
      .describe("The recipient's domain when the sender's domain is a near copy of it (business email compromise)"),
    received: z.object({
      hops: z.number().int().describe("Number of Received headers"),
      first_external_ip: z.string().nullable().describe("Public IP of the server that handed the message in"),
      first_external_host: z.string().nullable(),
      total_delay_seconds: z.number().nullable().describe("Time from the oldest to the newest hop"),
      max_gap_seconds: z.number().nullable().describe("Longest time between two consecutive hops"),
      out_of_order: z.boolean().describe("A hop is timestamped well before the hop that preceded it"),
    }),
    message_id_domain: z.string().nullable().describe("Domain of the Message-ID"),
    message_id_matches_sender: z.boolean().nullable().describe("null when there is no Message-ID or From domain"),
    bulk: z.object({
      list_id: z.string().nullable(),
      list_unsubscribe: z.boolean(),
      mailing_list: z.boolean().describe("Sent through a mailing list (List-Id, or a list Sender)"),
    }),
    authentication: z.object({
      spf: z.object({ result: AuthResultSchema, origin: AuthOriginSchema, domain: z.string().nullable() }),
      dkim: z.object({
        result: AuthResultSchema,
        origin: AuthOriginSchema,
        domains: z.array(z.string()).describe("Signing domains"),
        aligned: z.boolean().describe("A passing signature's domain aligns with the From domain"),
      }),
      dmarc: z.object({
        result: AuthResultSchema,
        origin: AuthOriginSchema,
        policy: z.enum(["none", "quarantine", "reject"]).nullable(),
      }),
      arc: z.object({ result: AuthResultSchema, origin: AuthOriginSchema, sealers: z.array(z.string()) }),
    }),
    mailing_list_dmarc_breakage: z
      .boolean()
      .describe("DMARC failed in a way a mailing list re-sending the message explains (List-Id, ARC)"),
    summary: z.string().describe("The header findings in plain words"),
  })
  .meta({
    id: "HeaderAnalysis",
    description: "Sender forensics and authentication of an email (signals.header_analysis of an email result)",
  });
export type HeaderAnalysis = z.infer<typeof HeaderAnalysisSchema>;
export type HeaderBrandImpersonation = z.infer<typeof HeaderBrandImpersonationSchema>;
