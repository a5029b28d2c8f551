import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Evidence } from "../../ports/signal-source.js";
import type { Factor } from "../../schemas/common.js";
import { analyzePhoneNumber } from "../phone/analyze-phone-number.js";
import { normalizePhone } from "../phone/normalize-phone.js";
import type { QrContent } from "./qr-code-schema.js";
import { parseQrPayload } from "./parse-qr-payload.js";

// Offline findings on what a code asks its reader to do when that is not (only) to open a link: pay someone,
// call or text a number, join a network. Links go to the URL pipeline; these findings stand beside its verdict.
// Points follow the Factor contract: percent risk this finding alone implies.

export const QR_PAYLOAD_SOURCE = "qr_payload";

function numberFactors(raw: string, e164: string | null, channel: "tel" | "sms"): Factor[] {
  const factors: Factor[] = [];
  const add = (id: string, label: string, points: number): void => {
    factors.push({ id, source: QR_PAYLOAD_SOURCE, label, points });
  };
  const digits = raw.replace(/[^\d]/g, "");
  if (channel === "sms" && !raw.trim().startsWith("+") && digits.length >= 4 && digits.length <= 6) {
    add(
      "sms_short_code",
      `The code prepares a text to the short code ${digits}: texting some short codes subscribes to premium services`,
      30,
    );
    return factors;
  }
  if (e164 === null) {
    add("invalid_phone_number", `The code holds a number (${raw}) that is not a valid phone number`, 30);
    return factors;
  }
  if (e164.startsWith("+1")) {
    const nanp = normalizePhone(e164);
    // The U.S. number analysis (premium 900, Caribbean callback codes, unassigned area codes) applies as is.
    if (nanp.isOk()) return [...analyzePhoneNumber(nanp.value).factors];
  }
  const parsed = parsePhoneNumberFromString(e164);
  const type = parsed?.getType();
  if (type === "PREMIUM_RATE") {
    add("premium_rate_number", `The code dials a premium-rate number (${e164}): calls are billed at high rates`, 55);
  } else if (type === "SHARED_COST") {
    add("shared_cost_number", `The code dials a shared-cost number (${e164}), billed above a normal call`, 15);
  }
  if (parsed?.countryCallingCode !== "1") {
    add(
      "foreign_phone_number",
      `The number is in ${parsed?.country ?? "another country"}, not the U.S.: calls and texts are charged as international`,
      20,
    );
  }
  return factors;
}

/** A query parameter of a scheme URI ("upi://pay?pa=shop@bank&am=500"), decoded, or "". */
function param(payload: string, name: string): string {
  const q = payload.indexOf("?");
  if (q < 0) return "";
  for (const pair of payload.slice(q + 1).split("&")) {
    const [k, v] = pair.split("=");
    if (k?.toLowerCase() !== name || v === undefined) continue;
    try {
      return decodeURIComponent(v.replace(/\+/g, " ")).slice(0, 80);
    } catch {
      return v.slice(0, 80);
    }
  }
  return "";
}

/**
 * What a text payload that is itself an instruction to the phone does: run a script, show a page carried inside the
 * code, launch an app, install one, or pay over UPI. None is a link a filter could read first.
 */
function schemeFactors(payload: string, add: (id: string, label: string, points: number) => void): number {
  const t = payload.trim();
  if (/^javascript:/i.test(t)) {
    add("qr_script_payload", "The code holds a script (javascript:), not a link: opened, it would run code", 75);
    return 65;
  }
  if (/^data:/i.test(t)) {
    const page = /^data:(?:text\/html|application\/|image\/svg)/i.test(t);
    add(
      "qr_inline_content",
      page
        ? "The code carries a whole web page inside it (data:), with no site behind it to check or block"
        : "The code carries a file inside it (data:) instead of a link",
      page ? 65 : 30,
    );
    return page ? 65 : 0;
  }
  if (/^intent:/i.test(t)) {
    const pkg = /;package=([\w.]+)/i.exec(t)?.[1];
    add(
      "qr_app_launch",
      `The code opens an Android app directly (intent:${pkg ? `, ${pkg}` : ""}), skipping the browser and its warnings`,
      45,
    );
    return 0;
  }
  if (/^itms-services:/i.test(t)) {
    add("qr_app_install", "The code installs an iPhone app from outside the App Store (itms-services:)", 70);
    return 65;
  }
  if (/^upi:\/\/pay/i.test(t)) {
    const payee = param(t, "pa");
    const name = param(t, "pn");
    const amount = param(t, "am");
    add(
      "upi_payment_request",
      `The code is a UPI payment to ${name ? `${name} (${payee || "no address"})` : payee || "an unnamed payee"}${amount ? ` for ${amount}` : ""}: ` +
        "scanning a UPI code only ever pays money out, never receives it; check the payee before paying",
      20,
    );
  }
  return 0;
}

/**
 * Offline evidence about one parsed payload: a crypto payment request, an EPC transfer (stronger when its IBAN
 * fails the checksum), a premium or foreign number, a Wi-Fi network to join. Signals carry the content type.
 * A url payload gets no factor here (its link is assessed by the URL pipeline), nor does plain text; a text payload
 * that is an instruction to the phone (a script, an inline page, an app to launch or install, a UPI payment) does.
 */
export function analyzeQrContent(content: QrContent, payload = ""): Evidence {
  const factors: Factor[] = [];
  const add = (id: string, label: string, points: number): void => {
    factors.push({ id, source: QR_PAYLOAD_SOURCE, label, points });
  };
  let floor = 0;
  switch (content.content_type) {
    case "crypto": {
      const d = content.details;
      add(
        "crypto_payment_request",
        `The code is a ${d.currency} payment request${d.amount ? ` for ${d.amount}` : ""}: crypto payments cannot be reversed, and QR codes on posters, parking meters and letters are a common way to take them`,
        60,
      );
      floor = 40;
      break;
    }
    case "epc": {
      const d = content.details;
      if (!d.iban_valid) {
        add(
          "epc_invalid_iban",
          `The payment code's IBAN ${d.iban} fails its checksum: the code was altered or forged`,
          75,
        );
        floor = 60;
      } else {
        add(
          "epc_payment_request",
          `The code is a bank transfer to ${d.beneficiary || "an unnamed beneficiary"} (${d.iban}): check the beneficiary before paying`,
          15,
        );
      }
      if (d.beneficiary === "") add("epc_no_beneficiary", "The payment code names no beneficiary", 30);
      break;
    }
    case "tel":
      factors.push(...numberFactors(content.details.number, content.details.e164, "tel"));
      break;
    case "sms":
      factors.push(...numberFactors(content.details.number, content.details.e164, "sms"));
      break;
    case "wifi": {
      const d = content.details;
      const open = !d.has_password || /^nopass$/i.test(d.security);
      add(
        open ? "wifi_open_network" : "wifi_network_join",
        open
          ? `The code joins the open network "${d.ssid}": anyone can read or redirect traffic on it`
          : `The code joins the network "${d.ssid}": its operator can watch and redirect the traffic of whoever joins`,
        open ? 30 : 15,
      );
      if (/^WEP$/i.test(d.security)) add("wifi_weak_security", "The network uses WEP, broken encryption", 10);
      break;
    }
    case "text":
      floor = schemeFactors(payload, add);
      break;
    default:
      break;
  }
  factors.sort((a, b) => b.points - a.points);
  return {
    source: QR_PAYLOAD_SOURCE,
    status: "ok",
    signals: { qr_content_type: content.content_type },
    factors,
    ...(floor > 0 ? { floor } : {}),
  };
}

/**
 * What the QR codes found on a document or in a mail say when they are not links (a link is checked as a link by
 * the channel): a crypto payment request, a bank transfer, a number to call or text, a network to join, a script.
 * One evidence a code; none for links or plain text that says nothing.
 */
export function qrPayloadEvidence(payloads: readonly string[]): Evidence[] {
  return payloads
    .map((p) => ({ payload: p, content: parseQrPayload(p) }))
    .filter(({ content }) => content.content_type !== "url")
    .map(({ payload, content }) => analyzeQrContent(content, payload))
    .filter((e) => e.factors.length > 0);
}
