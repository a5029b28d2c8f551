// Text and links out of an email's HTML, without a DOM: postal-mime gives HTML-only messages no text part. A single
// linear scan with indexOf, so hostile markup (unclosed tags, millions of "<") cannot make it backtrack.

const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  copy: "\u00a9",
  reg: "\u00ae",
  trade: "\u2122",
  hellip: "\u2026",
  mdash: "\u2014",
  ndash: "\u2013",
  rsquo: "\u2019",
  lsquo: "\u2018",
  rdquo: "\u201d",
  ldquo: "\u201c",
  euro: "\u20ac",
  pound: "\u00a3",
  zwnj: "",
  zwj: "",
};

/** Decodes HTML character references (named, decimal, hex). */
export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});?/gi, (whole, ref: string) => {
    if (ref.startsWith("#")) {
      const cp =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS = new Set([
  "br",
  "p",
  "div",
  "tr",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "table",
  "blockquote",
  "hr",
  "td",
  "section",
  "article",
  "header",
  "footer",
]);
const SKIP_TAGS = new Set(["script", "style", "head", "title", "noscript", "template"]);

export interface HtmlContent {
  readonly text: string;
  readonly links: Array<{ href: string; text: string }>;
  /** Images written into the HTML as base64 data: URLs (PNG, JPEG, GIF, WebP), decoded, in order. */
  readonly pictures: Uint8Array[];
}

/** Most data: pictures decoded from one HTML part, and the longest data: URL decoded. */
const MAX_DATA_PICTURES = 4;
const MAX_DATA_URL_CHARS = 7 * 1024 * 1024;
const DATA_PICTURE = /^data:image\/(?:png|jpe?g|gif|webp);base64,/i;

/** The bytes of a base64 data: URL of a picture; null for anything else or one too long to decode. */
function dataPicture(src: string): Uint8Array | null {
  const m = DATA_PICTURE.exec(src);
  if (m === null || src.length > MAX_DATA_URL_CHARS) return null;
  const bytes = Buffer.from(src.slice(m[0].length).replace(/\s+/g, ""), "base64");
  return bytes.byteLength === 0 ? null : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const ATTRIBUTES = new Map<string, RegExp>();

function attribute(tag: string, name: string): string | null {
  let re = ATTRIBUTES.get(name);
  if (re === undefined) {
    re = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i");
    ATTRIBUTES.set(name, re);
  }
  const m = re.exec(tag);
  if (m === null) return null;
  return decodeEntities(m[1] ?? m[2] ?? m[3] ?? "").trim();
}

function collapse(s: string): string {
  return s
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/ *\n[\s]*/g, "\n")
    .trim();
}

/**
 * Visible text and anchors of an HTML document, at most `maxLinks` links. Without `withText` only the anchors are
 * read (the text comes back empty), for mail whose plain-text part already says what it says.
 */
export function htmlContent(html: string, maxLinks: number, withText = true): HtmlContent {
  const out: string[] = [];
  const links: Array<{ href: string; text: string }> = [];
  const pictures: Uint8Array[] = [];
  let anchor: { href: string; parts: string[] } | null = null;
  let i = 0;
  const n = html.length;
  let lower: string | undefined;
  while (i < n) {
    const lt = html.indexOf("<", i);
    if ((withText || anchor !== null) && lt !== i) {
      const chunk = lt === -1 ? html.slice(i) : html.slice(i, lt);
      const text = decodeEntities(chunk.replace(/\s+/g, " "));
      if (withText) out.push(text);
      anchor?.parts.push(text);
    }
    if (lt === -1) break;
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end === -1 ? n : end + 3;
      continue;
    }
    const gt = html.indexOf(">", lt + 1);
    if (gt === -1) break;
    const tag = html.slice(lt, gt + 1);
    const nameMatch = /^<\s*(\/?)\s*([a-z][a-z0-9]*)/i.exec(tag);
    i = gt + 1;
    if (nameMatch === null) continue;
    const closing = nameMatch[1] === "/";
    const name = (nameMatch[2] ?? "").toLowerCase();
    if (!closing && SKIP_TAGS.has(name)) {
      lower ??= html.toLowerCase();
      const end = lower.indexOf(`</${name}`, i);
      i = end === -1 ? n : end;
      continue;
    }
    if (BLOCK_TAGS.has(name)) {
      if (withText) out.push("\n");
      anchor?.parts.push(" ");
    }
    if (name === "a") {
      if (anchor !== null) {
        if (links.length < maxLinks)
          links.push({ href: anchor.href, text: collapse(anchor.parts.join("")).replace(/\n/g, " ") });
        anchor = null;
      }
      if (!closing) {
        const href = attribute(tag, "href");
        if (href !== null && href !== "") anchor = { href, parts: [] };
      }
    } else if (name === "img") {
      if (anchor !== null) {
        const alt = attribute(tag, "alt");
        if (alt !== null) anchor.parts.push(alt);
      }
      if (pictures.length < MAX_DATA_PICTURES && /\ssrc\s*=\s*["']?\s*data:/i.test(tag)) {
        const picture = dataPicture(attribute(tag, "src") ?? "");
        if (picture !== null) pictures.push(picture);
      }
    }
  }
  if (anchor !== null && links.length < maxLinks)
    links.push({ href: anchor.href, text: collapse(anchor.parts.join("")) });
  return { text: withText ? collapse(out.join("")) : "", links, pictures };
}
