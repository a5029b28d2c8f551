import LinkifyIt from "linkify-it";
import tlds from "tlds" with { type: "json" };

// Links in free text, with or without a scheme ("pay-toll.top/id=4"): a printed QR often holds a bare domain
// that phone cameras still open. The full top-level domain list stops "file.txt" or "v1.2" being read as hosts.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: true }).tlds(tlds, false);

/** Every web link in text, as written (scheme-less links stay scheme-less), in order, without duplicates. */
export function findUrls(text: string): string[] {
  const matches = linkify.match(text) ?? [];
  const out: string[] = [];
  for (const m of matches) {
    if (m.schema !== "" && m.schema.toLowerCase() !== "http:" && m.schema.toLowerCase() !== "https:") continue;
    if (!out.includes(m.raw)) out.push(m.raw);
  }
  return out;
}

/** True when the whole string is one web link (leading and trailing spaces aside). */
export function isSingleUrl(text: string): boolean {
  const t = text.trim();
  if (t === "" || /\s/.test(t)) return false;
  const m = linkify.match(t);
  return (
    m?.length === 1 &&
    m[0]?.index === 0 &&
    m[0].lastIndex === t.length &&
    (m[0].schema === "" || /^https?:$/i.test(m[0].schema))
  );
}
