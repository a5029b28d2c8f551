// What a person pasted into the one box of the page, worked out from its shape: a link, a phone number, an email
// address, a raw email (.eml, headers first), the text of an email, or a text message. The engine's channels judge
// the content; this only picks which channel reads it, so a wrong guess costs accuracy, never safety (every channel
// reads links and numbers inside the content).
import { MAX_TEXT_CHARS, normalizePhone, normalizeUrl } from "@scamverify/core";

export const INPUT_KINDS = ["url", "phone", "address", "eml", "email_text", "sms"] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

/** What the person may say it is instead of letting the page work it out ("auto"). */
export const CHOSEN_KINDS = ["auto", "sms", "email_text", "url", "phone", "address"] as const;
export type ChosenKind = (typeof CHOSEN_KINDS)[number];

const HEADER_LINE = /^[A-Za-z][A-Za-z0-9-]{1,40}:[ \t]?\S?/;
const MAIL_HEADERS =
  /^(?:from|to|subject|date|received|return-path|message-id|mime-version|delivered-to|reply-to|dkim-signature|authentication-results|content-type|x-[a-z0-9-]+):/i;
const ADDRESS = /^(?:mailto:)?([^\s@<>()[\]",;:]+@[^\s@<>()[\]",;:]+\.[A-Za-z]{2,63})$/i;
const PHONE_CHARS = /^(?:tel:)?[+(]?[\d\s().\-\u2010-\u2015/]+(?:\s*(?:x|ext\.?|extension)\s*\d{1,7})?$/i;
const VANITY = /^(?:\+?1[\s.-]?)?\(?8(?:00|33|44|55|66|77|88)\)?[\s.-]?[A-Z0-9]{3}[\s.-]?[A-Z0-9]{4,}$/i;
const SCHEME = /^(?:https?|hxxps?):\/\//i;
const BARE_HOST = /^(?:www\.)?[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[\p{L}]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/u;

/** True when the text opens with a block of mail headers (a raw message or a pasted "show original"). */
export function looksLikeRawEmail(text: string): boolean {
  const head = text.replace(/^\uFEFF/, "").split(/\r?\n/, 40);
  let headers = 0;
  let known = 0;
  for (const line of head) {
    if (line.trim() === "") break;
    if (/^[ \t]/.test(line)) continue; // a folded header line
    if (!HEADER_LINE.test(line)) return false;
    headers++;
    if (MAIL_HEADERS.test(line)) known++;
  }
  return headers >= 2 && known >= 2;
}

/** A pasted email rather than a text message: long, in paragraphs, or with its own Subject/From lines. */
function looksLikeEmailText(text: string): boolean {
  if (text.length > MAX_TEXT_CHARS) return true;
  if (
    /^(?:subject|asunto|from|de):\s*\S/im.test(text) &&
    /^(?:from|de|to|para|sent|enviado|date|fecha):\s*\S/im.test(text)
  )
    return true;
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim() !== "").length;
  return text.length > 700 && paragraphs >= 3;
}

function digitCount(s: string): number {
  return (s.match(/\d/g) ?? []).length;
}

/** The kind of a pasted value, or null when the box is blank. */
export function detectInput(raw: string): InputKind | null {
  const text = raw.trim();
  if (text === "") return null;
  if (looksLikeRawEmail(text)) return "eml";
  const single = !/\s/.test(text.replace(/^tel:/i, "").replace(/[\s().\-\u2010-\u2015/]+/g, ""));
  if (single) {
    if (ADDRESS.test(text) && !SCHEME.test(text)) return "address";
    if (PHONE_CHARS.test(text) && digitCount(text) >= 7 && digitCount(text) <= 15) return "phone";
    if (VANITY.test(text) && normalizePhone(text).isOk()) return "phone";
  }
  if (!/\s/.test(text) && (SCHEME.test(text) || BARE_HOST.test(text)) && normalizeUrl(text).isOk()) return "url";
  return looksLikeEmailText(text) ? "email_text" : "sms";
}

/** The address in a value that is one (a `mailto:` prefix dropped), else null. */
export function addressOf(text: string): string | null {
  const m = ADDRESS.exec(text.trim());
  return m ? (m[1] as string) : null;
}
