// Repairs the character confusions OCR makes on printed letters before anything is extracted. Every repair is
// local and can only turn a string that cannot be what it looks like (a scheme "hitps", a phone number with an "O"
// in it, a top-level domain ".corn") into the one valid reading. Letters inside a domain name are never changed:
// "tolipay" might be "tollpay", or a scammer's real domain, and guessing would invent an address.
import TLDS from "tlds" with { type: "json" };

const KNOWN_TLDS: ReadonlySet<string> = new Set(TLDS);

export interface OcrRepair {
  readonly from: string;
  readonly to: string;
}

// Scheme spellings seen in OCR of "https://" and "http://": h1tps, hitps, htps, https;//, https//, http5, hxxps.
const SCHEME = /\b(?:h[tl1i!]{1,2}[tp][p]?[s5]?|hxxps?)\s?[:;.,]?\s?[/\\l1|]{2}\s?/gi;
// A run that is mostly digits with a few letter look-alikes: phone numbers, amounts, reference numbers.
const DIGITISH = /(?<![A-Za-z])[(+$]?[\dOoIlS|B][\dOoIlS|B(). ,-]{5,}[\dOoIlS|B)](?![A-Za-z])/g;
const DIGIT_LOOKALIKE: Readonly<Record<string, string>> = { O: "0", o: "0", I: "1", l: "1", "|": "1", S: "5", B: "8" };
// Confusions of a domain's last label, tried only when the label as read is not a top-level domain at all.
const TLD_LOOKALIKES: readonly (readonly [RegExp, string])[] = [
  [/rn/g, "m"],
  [/cl/g, "d"],
  [/[1l|I]/g, "i"],
  [/0/g, "o"],
  [/vv/g, "w"],
];

// "https /host.tld": the colon and a slash lost. Repaired only when a dotted host name follows at once.
const SCHEME_SHORT = /\b(https?)(?: ?[:;] ?| )[/\\|](?=[a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;

function repairScheme(text: string, repairs: OcrRepair[]): string {
  const restored = text.replace(SCHEME_SHORT, (m: string, scheme: string) => {
    const to = `${scheme.toLowerCase()}://`;
    repairs.push({ from: m, to });
    return to;
  });
  return restored.replace(SCHEME, (m: string) => {
    const compact = m.toLowerCase().replace(/\s/g, "");
    const letters = /^[a-z0-9!|]+/.exec(compact)?.[0] ?? "";
    const secure = /[s5]$/.test(letters.replace(/[/\\l1|]+$/, ""));
    const to = secure ? "https://" : "http://";
    if (m.trimEnd() === to) return m;
    // Only a string that ends with a slash pair and starts like a scheme; a word such as "http" alone stays.
    if (!/[/\\l1|]{2}$/.test(compact)) return m;
    repairs.push({ from: m.trim(), to });
    return to;
  });
}

function repairDigits(text: string, repairs: OcrRepair[]): string {
  return text.replace(DIGITISH, (m: string) => {
    const digits = (m.match(/\d/g) ?? []).length;
    const lookalikes = (m.match(/[OoIlS|B]/g) ?? []).length;
    // A number with a few misread characters, not a word: five real digits or more, no more look-alikes than digits.
    if (lookalikes === 0 || digits < 5 || lookalikes > digits || digits + lookalikes < 7) return m;
    const to = m.replace(/[OoIlS|B]/g, (c) => DIGIT_LOOKALIKE[c] ?? c);
    repairs.push({ from: m, to });
    return to;
  });
}

/** A host's last label when it is not a top-level domain but exactly one OCR reading of it is. */
export function repairTld(label: string): string | undefined {
  const lower = label.toLowerCase();
  if (KNOWN_TLDS.has(lower)) return undefined;
  const candidates = new Set<string>();
  for (const [pattern, to] of TLD_LOOKALIKES) {
    const fixed = lower.replace(pattern, to);
    if (fixed !== lower && KNOWN_TLDS.has(fixed)) candidates.add(fixed);
  }
  return candidates.size === 1 ? [...candidates][0] : undefined;
}

function repairDomains(text: string, repairs: OcrRepair[]): string {
  // A "www." or a scheme marks the token as an address for sure; only then may its last label be repaired.
  return text.replace(
    /\b((?:https?:\/\/|www[.,])[a-z0-9-]+(?:[.,][a-z0-9-]+)*)[.,]([a-z0-9|]{2,6})\b/gi,
    (m, head: string, tld: string) => {
      let out = `${head.replace(/^www,/i, "www.")}.${tld}`;
      const fixed = repairTld(tld);
      if (fixed) out = `${head.replace(/^www,/i, "www.")}.${fixed}`;
      if (out !== m) repairs.push({ from: m, to: out });
      return out;
    },
  );
}

/** The text with OCR confusions repaired, and the list of repairs made (for the explanation and for tests). */
export function normalizeOcrText(text: string): { text: string; repairs: readonly OcrRepair[] } {
  const repairs: OcrRepair[] = [];
  let out = text
    .normalize("NFKC")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u2018\u2019]/g, "'");
  out = repairScheme(out, repairs);
  out = repairDomains(out, repairs);
  out = repairDigits(out, repairs);
  return { text: out, repairs };
}
