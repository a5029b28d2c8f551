export { analyzeQrContent, qrPayloadEvidence, QR_PAYLOAD_SOURCE } from "./analyze-qr-content.js";
export { findUrls } from "./find-urls.js";
export { isValidIban } from "./iban.js";
export { MASKED, maskWifiPassword, parseQrPayload, urlsOf } from "./parse-qr-payload.js";
export { toQrCode } from "./to-qr-code.js";
export {
  QR_CONTENT_TYPES,
  QR_FORMATS,
  QrCodeSchema,
  QrContentTypeSchema,
  QrCryptoDetailsSchema,
  QrEpcDetailsSchema,
  QrMailtoDetailsSchema,
  QrPositionSchema,
  QrSmsDetailsSchema,
  QrTelDetailsSchema,
  QrTextDetailsSchema,
  QrUrlDetailsSchema,
  QrVcardDetailsSchema,
  QrWifiDetailsSchema,
} from "./qr-code-schema.js";
export type { QrCode, QrContent, QrContentType, QrPosition } from "./qr-code-schema.js";
