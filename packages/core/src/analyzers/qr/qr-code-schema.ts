import { z } from "zod";

// The API shape of one decoded QR code: what it says (data), what kind of payload that is, the payload's fields
// parsed, and where it sits in the image. The payload type is the discriminator, so a client narrows `details`
// by `content_type`.

export const QR_CONTENT_TYPES = ["url", "tel", "sms", "mailto", "wifi", "vcard", "epc", "crypto", "text"] as const;
export const QrContentTypeSchema = z.enum(QR_CONTENT_TYPES).meta({
  id: "QrContentType",
  description:
    "What the code holds: url (a web link, with or without scheme), tel, sms, mailto, wifi (network credentials), " +
    "vcard (contact card, vCard or MECARD), epc (SEPA credit transfer), crypto (cryptocurrency payment request or " +
    "address), text (anything else)",
});
export type QrContentType = z.infer<typeof QrContentTypeSchema>;

export const QR_FORMATS = ["qr_code", "micro_qr_code"] as const;

const PointSchema = z.object({ x: z.number(), y: z.number() });
export const QrPositionSchema = z
  .object({ top_left: PointSchema, top_right: PointSchema, bottom_right: PointSchema, bottom_left: PointSchema })
  .meta({
    id: "QrPosition",
    description: "Corners of the code in the uploaded image, in pixels from its top-left corner",
  });
export type QrPosition = z.infer<typeof QrPositionSchema>;

const PhoneFields = {
  number: z.string().describe("The number as written in the code"),
  e164: z.string().nullable().describe("The number in E.164 when it is a valid number (U.S. assumed without +)"),
  country: z.string().nullable().describe("ISO 3166 country of the number, when known"),
};
const urls = z.array(z.string()).describe("Web links found in the text fields");

export const QrUrlDetailsSchema = z.object({ url: z.string().describe("The link as written in the code") });
export const QrTelDetailsSchema = z.object(PhoneFields);
export const QrSmsDetailsSchema = z.object({
  ...PhoneFields,
  body: z.string().nullable().describe("Prefilled message text"),
  urls,
});
export const QrMailtoDetailsSchema = z.object({
  address: z.string(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  urls,
});
export const QrWifiDetailsSchema = z.object({
  ssid: z.string().describe("Network name"),
  security: z.string().describe("Authentication type as written (WPA, WEP, SAE, nopass, ...); nopass when absent"),
  hidden: z.boolean(),
  has_password: z.boolean(),
  password: z
    .string()
    .nullable()
    .describe("Always masked (a fixed run of asterisks): the service never returns a network password"),
});
export const QrVcardDetailsSchema = z.object({
  name: z.string().nullable(),
  organization: z.string().nullable(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  urls,
});
export const QrEpcDetailsSchema = z.object({
  version: z.string().describe("001 or 002"),
  beneficiary: z.string().describe("Name of the account the money goes to"),
  iban: z.string().describe("Beneficiary IBAN, without spaces"),
  iban_valid: z.boolean().describe("Whether the IBAN passes its ISO 13616 mod-97 checksum and length"),
  bic: z.string().nullable(),
  amount: z.number().nullable().describe("Amount in euro; null when the payer is left to type it"),
  currency: z.string().nullable(),
  purpose: z.string().nullable(),
  remittance: z.string().nullable().describe("Structured reference or unstructured remittance text"),
});
export const QrCryptoDetailsSchema = z.object({
  currency: z.string().describe("Scheme or recognised chain: bitcoin, ethereum, monero, ..."),
  address: z.string(),
  amount: z.string().nullable().describe("Requested amount as written (BIP 21 amount, EIP-681 value, ...)"),
  label: z.string().nullable(),
  message: z.string().nullable(),
});
export const QrTextDetailsSchema = z.object({ urls });

const variant = <T extends QrContentType, D extends z.ZodObject>(type: T, details: D) =>
  z.object({
    data: z.string().describe("The decoded payload, exactly as the code holds it (a network password masked)"),
    format: z.enum(QR_FORMATS).describe("qr_code or micro_qr_code"),
    content_type: z.literal(type),
    details,
    position: QrPositionSchema.nullable().describe("Where the code is in the image; null when not known"),
  });

export const QrCodeSchema = z
  .discriminatedUnion("content_type", [
    variant("url", QrUrlDetailsSchema),
    variant("tel", QrTelDetailsSchema),
    variant("sms", QrSmsDetailsSchema),
    variant("mailto", QrMailtoDetailsSchema),
    variant("wifi", QrWifiDetailsSchema),
    variant("vcard", QrVcardDetailsSchema),
    variant("epc", QrEpcDetailsSchema),
    variant("crypto", QrCryptoDetailsSchema),
    variant("text", QrTextDetailsSchema),
  ])
  .meta({
    id: "QrCode",
    description:
      "One code found in the image: its payload, the payload's type and parsed fields, and its position. " +
      "Wi-Fi passwords are masked in both data and details.",
  });
export type QrCode = z.infer<typeof QrCodeSchema>;

/** The parsed payload alone: the content type and its details, as a discriminated union. */
export type QrContent = { [K in QrCode as K["content_type"]]: Pick<K, "content_type" | "details"> }[QrContentType];
