import type { DetectedQrCode } from "../../ports/qr-decoder.js";
import { maskWifiPassword, parseQrPayload } from "./parse-qr-payload.js";
import type { QrCode } from "./qr-code-schema.js";

/** The API form of a code a QrDecoder found: its payload classified and parsed, a Wi-Fi password masked. */
export function toQrCode(code: DetectedQrCode): QrCode {
  const content = parseQrPayload(code.text);
  const p = code.position;
  return {
    ...content,
    data: content.content_type === "wifi" ? maskWifiPassword(code.text) : code.text,
    format: code.format,
    position: p
      ? { top_left: p.topLeft, top_right: p.topRight, bottom_right: p.bottomRight, bottom_left: p.bottomLeft }
      : null,
  };
}
