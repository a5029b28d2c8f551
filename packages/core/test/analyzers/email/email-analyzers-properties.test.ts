import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  analyzeAttachments,
  analyzeHeaders,
  analyzeHtmlLinks,
  analyzeRequest,
  HeaderAnalysisSchema,
  mailContext,
  textWithRealLinks,
} from "../../../src/analyzers/email/index.js";
import { AUTH_RESULTS, type EmailAuthentication } from "../../../src/ports/email-authenticator.js";
import type { MailAddress, ParsedMail } from "../../../src/ports/mail-reader.js";

const domain = fc.oneof(
  fc.constantFrom(
    "gmail.com",
    "paypal.com",
    "paypa1.com",
    "acme.com",
    "acme.co",
    "xn--pypal-4ve.com",
    "localhost",
    "",
    "a..b",
  ),
  fc.domain(),
);
const address: fc.Arbitrary<MailAddress> = fc.record({
  name: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("PayPal Support", "Chase", "x@paypal.com", "\u202eCEO")),
  address: fc.string({ maxLength: 30 }),
  domain: fc.option(domain),
});
const result = fc.constantFrom(...AUTH_RESULTS);
const auth: fc.Arbitrary<EmailAuthentication> = fc.record({
  spf: fc.record({
    result,
    origin: fc.constant("verified" as const),
    domain: fc.option(domain),
    clientIp: fc.constant(null),
  }),
  dkim: fc.record({ result, origin: fc.constant("receiver" as const), signatures: fc.constant([]) }),
  dmarc: fc.record({
    result,
    origin: fc.constant("verified" as const),
    domain: fc.option(domain),
    policy: fc.constantFrom("none" as const, "quarantine" as const, "reject" as const, null),
  }),
  arc: fc.record({ result, origin: fc.constant("unknown" as const), instances: fc.nat(3), sealers: fc.constant([]) }),
  receiver: fc.constant(null),
});
const mail: fc.Arbitrary<ParsedMail> = fc.record({
  kind: fc.constantFrom("rfc822" as const, "mime_body" as const, "pasted_text" as const),
  headers: fc.array(fc.record({ name: fc.constantFrom("To", "List-Id", "X"), value: fc.string({ maxLength: 60 }) }), {
    maxLength: 4,
  }),
  from: fc.option(address),
  fromCount: fc.nat(3),
  replyTo: fc.array(address, { maxLength: 2 }),
  to: fc.array(address, { maxLength: 2 }),
  cc: fc.array(address, { maxLength: 2 }),
  returnPath: fc.option(fc.string({ maxLength: 30 })),
  sender: fc.option(address),
  subject: fc.option(fc.string({ maxLength: 60 })),
  date: fc.constant(null),
  messageId: fc.option(fc.string({ maxLength: 30 })),
  listId: fc.option(fc.string({ maxLength: 20 })),
  listUnsubscribe: fc.option(fc.string({ maxLength: 20 })),
  received: fc.array(
    fc.record({
      fromHost: fc.option(fc.domain()),
      fromIp: fc.option(fc.ipV4()),
      external: fc.boolean(),
      byHost: fc.option(fc.domain()),
      protocol: fc.constant(null),
      timestamp: fc.option(fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
    }),
    { maxLength: 5 },
  ),
  authenticationResults: fc.constant([]),
  text: fc.constant(""),
  links: fc.array(
    fc.record({
      href: fc.oneof(fc.webUrl(), fc.string({ maxLength: 30 })),
      text: fc.oneof(fc.webUrl(), fc.string({ maxLength: 30 })),
    }),
    { maxLength: 5 },
  ),
  attachments: fc.array(
    fc.record({
      filename: fc.option(fc.string({ maxLength: 20 })),
      declaredType: fc.constantFrom("application/pdf", "text/html", "application/octet-stream"),
      size: fc.nat(),
      head: fc.uint8Array({ maxLength: 64 }),
      encrypted: fc.option(fc.boolean()),
      hasMacros: fc.option(fc.boolean()),
      archiveEntries: fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }),
    }),
    { maxLength: 3 },
  ),
  raw: fc.constant(""),
});

describe("email analyzers properties", () => {
  it("never throw, keep factor points within -100..100 and always produce a schema-valid header_analysis", () => {
    // Header forensics, attachments, links (also as bulk mail), the request analysis and link targets in the text.
    fc.assert(
      fc.property(mail, auth, (m, a) => {
        const out = analyzeHeaders(m, a);
        expect(HeaderAnalysisSchema.safeParse(out.headerAnalysis).success).toBe(true);
        const context = mailContext(m);
        const text = textWithRealLinks(m.text, m.links);
        for (const e of [
          ...out.evidence,
          analyzeAttachments(m.attachments),
          analyzeHtmlLinks(m.links, { bulk: context.bulk.length > 0 }),
          analyzeRequest(m, context, text),
        ]) {
          for (const f of e.factors) expect(Math.abs(f.points)).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 300 },
    );
  });
});
