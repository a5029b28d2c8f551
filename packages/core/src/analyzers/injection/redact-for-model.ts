// What leaves the process for a model is the scam, not the person who received it: card and account numbers,
// one-time codes, credentials and the recipient's own address and name are replaced by labelled placeholders that keep
// the message's shape ("your code is [one-time code]") so the model can still read the lure.

declare const redacted: unique symbol;
/** Text that went through redactForModel; the AI port accepts user-derived text only in this form. */
export type RedactedText = string & { readonly [redacted]: true };

export interface Recipient {
  readonly recipientEmail?: string;
  readonly recipientName?: string;
}

export const REDACTION_PLACEHOLDERS = {
  card: "[card number]",
  code: "[one-time code]",
  account: "[account number]",
  secret: "[secret]",
  nationalId: "[national id]",
  email: "[recipient email]",
  name: "[recipient name]",
} as const;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** ISO 13616 check: move the first four characters to the end, letters to numbers, remainder 1 modulo 97. */
export function ibanValid(candidate: string): boolean {
  const iban = candidate.replace(/ /g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const value = ch >= "A" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

const SECRETS = /\b(?:sv_(?:live|test)_|svat_|svrt_|svcs?_)[A-Za-z0-9_-]{8,}|\bsk-[A-Za-z0-9_-]{16,}/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const CARD = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;
const ACCOUNT =
  /\b(?:account|acct|a\/c|cuenta|clabe)(?:\s+(?:number|no\.?|num\.?|nr\.?|#|n[º°o]\.?|n[uú]mero|de cuenta))?\s*[:#]?\s*(\d[\d -]{4,30}\d)(?![\d-])/giu;
const SSN = /(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])/g;
const CODE_WORD = /\b(?:code|c[oó]digo|otp|passcode|pin|clave|contrase[nñ]a|verification|verificaci[oó]n)\b/giu;
// 4 to 8 digits, or two groups of three, standing alone (not a piece of a longer, separated number such as a phone).
const CODE = /(?<![\d+][-. ]?)(?<!\d)(?:\d{3}[- ]\d{3}|\d{4,8})(?![-. ]?\d)/g;
const CODE_WINDOW = 40;
const ROLE_LOCAL_PARTS = new Set([
  "info",
  "admin",
  "support",
  "contact",
  "sales",
  "hello",
  "mail",
  "office",
  "billing",
  "service",
  "noreply",
  "no-reply",
  "help",
  "team",
  "account",
  "accounts",
  "security",
]);

function redactCodes(text: string): string {
  // Windows arrive in text order and are merged, and replace() visits matches in text order, so one forward pointer
  // keeps this linear however many codes and code words a long text holds.
  const windows: Array<[number, number]> = [];
  for (const m of text.matchAll(CODE_WORD)) {
    const from = m.index - CODE_WINDOW;
    const to = m.index + m[0].length + CODE_WINDOW;
    const last = windows.at(-1);
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
  }
  if (windows.length === 0) return text;
  let i = 0;
  return text.replace(CODE, (match, offset: number) => {
    while (i < windows.length && (windows[i] as [number, number])[1] <= offset) i++;
    const w = windows[i];
    return w !== undefined && offset + match.length > w[0] && offset < w[1] ? REDACTION_PLACEHOLDERS.code : match;
  });
}

function redactEmail(text: string, email: string): string {
  const address = email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return text;
  let out = text.replace(new RegExp(escapeRegExp(address), "gi"), REDACTION_PLACEHOLDERS.email);
  out = out.replace(new RegExp(escapeRegExp(encodeURIComponent(address)), "gi"), REDACTION_PLACEHOLDERS.email);
  // The bare local part identifies the person only when it is not a role word shared by many senders.
  const local = address.slice(0, address.indexOf("@"));
  if (local.length >= 5 && !ROLE_LOCAL_PARTS.has(local.toLowerCase())) {
    out = out.replace(new RegExp(`(?<![\\w.+-])${escapeRegExp(local)}(?![\\w-])`, "gi"), REDACTION_PLACEHOLDERS.email);
  }
  return out;
}

function redactName(text: string, name: string): string {
  const full = name.trim().replace(/\s+/g, " ");
  if (full.length < 3) return text;
  const words = (s: string): string => s.split(" ").map(escapeRegExp).join("\\s+");
  const out = full.includes(" ")
    ? text.replace(
        new RegExp(`(?<![\\p{L}\\p{N}])${words(full)}(?![\\p{L}\\p{N}])`, "giu"),
        REDACTION_PLACEHOLDERS.name,
      )
    : text;
  return redactNameParts(out, full);
}

/** Each part of a name of three or more letters, as written, in capitals or capitalised, unless it is also a word here. */
function redactNameParts(text: string, full: string): string {
  let out = text;
  for (const part of full.split(" ")) {
    if (part.length < 3) continue;
    const lower = part.toLowerCase();
    const capitalised = lower.charAt(0).toUpperCase() + lower.slice(1);
    // A part that also stands as an ordinary lower-case word here ("Bill" beside "your bill") cannot be told apart.
    const asWord = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(lower)}(?![\\p{L}\\p{N}])`, "u");
    if (asWord.test(out)) continue;
    for (const form of new Set([part, capitalised, part.toUpperCase()])) {
      out = out.replace(
        new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(form)}(?![\\p{L}\\p{N}])`, "gu"),
        REDACTION_PLACEHOLDERS.name,
      );
    }
  }
  return out;
}

/** Letters of a pattern source (alternations of plain words) matched in any case; the rest must keep its case. */
function anyCase(words: string): string {
  return words.replace(/\p{L}/gu, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`);
}

// A salutation that opens a line, an optional title, then the name it addresses ("Dear Maria,", "Hi Sam Patel:",
// "Estimada Sra. López,"). The name is one to three capitalised words and ends the salutation.
const SALUTATION = anyCase(
  "(?:dear|hi|hello|hey|greetings|good morning|good afternoon|good evening|hola|estimado|estimada|estimados|estimadas|querido|querida|queridos|queridas|buenos días|buenos dias|buenas tardes|buenas noches)",
);
const TITLE = anyCase("(?:mr|mrs|ms|miss|mx|dr|prof|sr|sra|srta|don|doña)");
const GREETING = new RegExp(
  `(^|\\n)([ \\t>]*${SALUTATION}[ \\t]+(?:${TITLE}\\.?[ \\t]+)?)(\\p{Lu}[\\p{L}'’-]*(?:[ \\t]+\\p{Lu}[\\p{L}'’-]*){0,2})(?=[ \\t]*(?:[,:;!.\\n]|$))`,
  "gu",
);
// Words that make a salutation generic rather than personal ("Dear Customer", "Hi there", "Dear PayPal User"): they
// are part of the lure and stay.
const GENERIC_ADDRESSEE = new Set(
  `customer customers client clients user users member members sir sirs madam madame friend friends valued account
  holder accountholder cardholder team all there everyone everybody colleague colleagues beneficiary winner applicant
  recipient subscriber subscribers shopper partner partners guest guests patient student students parent parents
  neighbor neighbors neighbour neighbours folks manager beloved owner seller buyer taxpayer employee employees staff
  sender reader readers investor investors cliente clientes usuario usuaria usuarios amigo amiga amigos señor señora
  señores todos equipo contribuyente`.split(/\s+/),
);

/** The names that salutations in the text address ("Dear Maria Lopez," gives "Maria Lopez"), generic ones left out. */
export function greetingNames(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(GREETING)) {
    const name = m[3] ?? "";
    const words = name.toLowerCase().split(/[ \t]+/);
    if (name.length >= 2 && !words.some((w) => GENERIC_ADDRESSEE.has(w))) out.add(name);
    if (out.size >= 10) break;
  }
  return [...out];
}

export interface RedactionOptions {
  /** Also replace the names that salutations address ("Dear Maria," "Hi Sam"), as the recipient's. */
  readonly greetings?: boolean;
}

/**
 * Replaces what a model does not need and the user would not want sent: credentials, IBANs, Luhn-valid card numbers,
 * account numbers after an account label, one-time codes within 40 characters of "code"/"código" (and OTP, PIN,
 * verification), US social security numbers, and the recipients' own email addresses (also URL-encoded, and the local
 * part when it is distinctive) and names (in full, and each part of three or more letters that does not also occur as
 * an ordinary lower-case word in the text); with `greetings`, also the name after a salutation, wherever it stands.
 * Phone numbers, URLs, amounts and the sender's details are kept: they are the evidence.
 */
export function redactForModel(
  text: string,
  recipient: Recipient | readonly Recipient[] = {},
  options: RedactionOptions = {},
): RedactedText {
  const recipients: readonly Recipient[] = Array.isArray(recipient) ? recipient : [recipient as Recipient];
  let out = text.replace(SECRETS, REDACTION_PLACEHOLDERS.secret);
  for (const r of recipients) if (r.recipientEmail !== undefined) out = redactEmail(out, r.recipientEmail);
  out = out.replace(IBAN, (m) => (ibanValid(m) ? REDACTION_PLACEHOLDERS.account : m));
  out = out.replace(CARD, (m) => {
    const digits = m.replace(/[ -]/g, "");
    return digits.length >= 13 && digits.length <= 19 && luhnValid(digits) ? REDACTION_PLACEHOLDERS.card : m;
  });
  out = out.replace(ACCOUNT, (m, num: string) =>
    num.replace(/\D/g, "").length >= 6 ? m.slice(0, m.length - num.length) + REDACTION_PLACEHOLDERS.account : m,
  );
  out = out.replace(SSN, REDACTION_PLACEHOLDERS.nationalId);
  out = redactCodes(out);
  const names = recipients.flatMap((r) => (r.recipientName !== undefined ? [r.recipientName] : []));
  if (options.greetings === true) {
    const greeted = greetingNames(out);
    out = out.replace(GREETING, (whole, start: string, salutation: string, name: string) =>
      greeted.includes(name) ? `${start}${salutation}${REDACTION_PLACEHOLDERS.name}` : whole,
    );
    names.push(...greeted);
  }
  for (const name of names) out = redactName(out, name);
  return out as RedactedText;
}
