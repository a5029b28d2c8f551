// What an email's attachments are, told from their names and first bytes only: executables in disguise, double
// extensions, right-to-left override tricks, HTML and SVG pages, macro-enabled Office files, encrypted archives.
// Nothing is opened beyond the bytes the reader kept, run or fetched.

import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { MailAttachment } from "../../ports/mail-reader.js";

export const ATTACHMENTS_SOURCE = "email_attachments";

/** File kinds a magic-byte check recognises. */
export type SniffedKind =
  | "exe"
  | "elf"
  | "macho"
  | "zip"
  | "rar"
  | "7z"
  | "gzip"
  | "cab"
  | "ole"
  | "pdf"
  | "html"
  | "svg"
  | "script"
  | "image"
  | "text"
  | "unknown";

const EXECUTABLE_EXTENSIONS = new Set(
  "exe scr com pif cpl msi msp dll bat cmd ps1 psm1 vbs vbe js jse wsf wsh hta jar lnk reg inf scf sct application gadget msc appx appxbundle msix iqy slk xll apk dmg pkg app sh command".split(
    " ",
  ),
);
const DISK_IMAGE_EXTENSIONS = new Set(["iso", "img", "vhd", "vhdx"]);
const HTML_EXTENSIONS = new Set(["html", "htm", "shtml", "xhtml", "mht", "mhtml"]);
const MACRO_EXTENSIONS = new Set(["docm", "dotm", "xlsm", "xltm", "xlam", "pptm", "potm", "ppam", "ppsm", "sldm"]);
const LEGACY_OFFICE = new Set(["doc", "xls", "ppt", "dot", "xlt"]);
const ARCHIVE_EXTENSIONS = new Set(["zip", "rar", "7z", "gz", "tgz", "cab", "ace", "arj", "xz", "bz2", "z"]);
const DOCUMENT_EXTENSIONS = new Set([
  "pdf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "txt",
  "rtf",
  "odt",
  "ods",
  "csv",
  "jpg",
  "jpeg",
  "png",
  "gif",
]);
/** Names whose content sniffing would call "zip": Office Open XML and OpenDocument are ZIP containers. */
const ZIP_CONTAINERS = new Set([
  "zip",
  "docx",
  "xlsx",
  "pptx",
  "docm",
  "xlsm",
  "pptm",
  "dotx",
  "dotm",
  "xltx",
  "xltm",
  "odt",
  "ods",
  "odp",
  "jar",
  "apk",
  "epub",
  "xpi",
  "appx",
  "msix",
  "kmz",
]);
const OLE_CONTAINERS = new Set(["doc", "xls", "ppt", "msg", "msi", "dot", "xlt", "pub", "vsd"]);
const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "gif", "bmp", "webp", "tif", "tiff", "ico", "heic"]);

// Bidirectional controls that reorder how a name displays: "invoice\u202Efdp.exe" reads "invoiceexe.pdf".
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  if (head.length < at + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (head[at + i] !== bytes[i]) return false;
  return true;
}

function asciiPrefix(head: Uint8Array, n: number): string {
  let s = "";
  const end = Math.min(head.length, n);
  for (let i = 0; i < end; i++) s += String.fromCharCode(head[i] ?? 0);
  return s;
}

/** What the first bytes say a file is. */
export function sniffKind(head: Uint8Array): SniffedKind {
  if (startsWith(head, [0x4d, 0x5a])) return "exe";
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return "elf";
  if (
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe])
  )
    return "macho";
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return "zip";
  if (startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return "rar";
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return "7z";
  if (startsWith(head, [0x1f, 0x8b])) return "gzip";
  if (startsWith(head, [0x4d, 0x53, 0x43, 0x46])) return "cab";
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole";
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return "pdf";
  if (
    startsWith(head, [0xff, 0xd8, 0xff]) ||
    startsWith(head, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(head, [0x47, 0x49, 0x46, 0x38]) ||
    startsWith(head, [0x42, 0x4d]) ||
    (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
  ) {
    return "image";
  }
  const text = asciiPrefix(head, 512)
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, "")
    .trimStart()
    .toLowerCase();
  if (text.startsWith("<svg") || (text.startsWith("<?xml") && text.includes("<svg"))) return "svg";
  if (
    text.startsWith("<!doctype html") ||
    text.startsWith("<html") ||
    text.startsWith("<head") ||
    text.startsWith("<script") ||
    text.startsWith("<form") ||
    text.startsWith("<meta")
  )
    return "html";
  if (
    text.startsWith("#!") ||
    text.startsWith("@echo") ||
    /^(?:var|function|const|let|dim|set|on error|sub |private sub)\b/.test(text)
  )
    return "script";
  if (
    head.length > 0 &&
    [...head.subarray(0, 64)].every((b) => b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127))
  )
    return "text";
  return "unknown";
}

function extensions(name: string): string[] {
  const parts = name
    .toLowerCase()
    .replace(/[\s.]+$/, "")
    .split(".");
  return parts.length > 1 ? parts.slice(1) : [];
}

function nameMatchesKind(ext: string, kind: SniffedKind): boolean {
  switch (kind) {
    case "zip":
      return ZIP_CONTAINERS.has(ext);
    case "ole":
      return OLE_CONTAINERS.has(ext);
    case "pdf":
      return ext === "pdf";
    case "image":
      return IMAGE_EXTENSIONS.has(ext);
    case "rar":
    case "7z":
    case "gzip":
    case "cab":
      return ARCHIVE_EXTENSIONS.has(ext);
    case "html":
      return HTML_EXTENSIONS.has(ext);
    case "svg":
      return ext === "svg";
    default:
      return true;
  }
}

function isRisky(entry: string): boolean {
  const exts = extensions(entry.split("/").pop() ?? entry);
  const last = exts[exts.length - 1];
  return (
    last !== undefined &&
    (EXECUTABLE_EXTENSIONS.has(last) ||
      DISK_IMAGE_EXTENSIONS.has(last) ||
      HTML_EXTENSIONS.has(last) ||
      BIDI_CONTROLS.test(entry))
  );
}

function findingsFor(a: MailAttachment, f: Factor[]): void {
  const src = ATTACHMENTS_SOURCE;
  const name = a.filename ?? "";
  const shown = name === "" ? "an unnamed attachment" : `"${name.replace(BIDI_CONTROLS, "")}"`;
  const exts = extensions(name);
  const last = exts[exts.length - 1] ?? "";
  const kind = sniffKind(a.head);
  const before: number = f.length;
  if (BIDI_CONTROLS.test(name)) {
    f.push({
      id: "attachment_rtl_override",
      source: src,
      label: `${shown} hides its real extension with a text-direction control`,
      points: 85,
    });
  }
  const inner = exts[exts.length - 2];
  if (
    inner !== undefined &&
    DOCUMENT_EXTENSIONS.has(inner) &&
    (EXECUTABLE_EXTENSIONS.has(last) || DISK_IMAGE_EXTENSIONS.has(last) || HTML_EXTENSIONS.has(last))
  ) {
    f.push({
      id: "attachment_double_extension",
      source: src,
      label: `${shown} poses as a .${inner} file but is a .${last}`,
      points: 85,
    });
  } else if (kind === "exe" || kind === "elf" || kind === "macho") {
    f.push({
      id: "attachment_executable",
      source: src,
      label: `${shown} is a program`,
      points: EXECUTABLE_EXTENSIONS.has(last) ? 75 : 85,
    });
  } else if (EXECUTABLE_EXTENSIONS.has(last)) {
    f.push({
      id: "attachment_executable",
      source: src,
      label: `${shown} is a program or script (.${last})`,
      points: 75,
    });
  } else if (DISK_IMAGE_EXTENSIONS.has(last)) {
    f.push({
      id: "attachment_disk_image",
      source: src,
      label: `${shown} is a disk image, a common way to slip programs past filters`,
      points: 65,
    });
  } else if (last === "url" || last === "website") {
    f.push({
      id: "attachment_shortcut",
      source: src,
      label: `${shown} is an internet shortcut that opens a web address`,
      points: 30,
    });
  } else if (HTML_EXTENSIONS.has(last) || kind === "html" || a.declaredType === "text/html") {
    f.push({
      id: "attachment_html",
      source: src,
      label: `${shown} is a web page: attached pages are used to collect passwords offline`,
      points: 45,
    });
  } else if (last === "svg" || kind === "svg" || a.declaredType === "image/svg+xml") {
    f.push({
      id: "attachment_svg",
      source: src,
      label: `${shown} is an SVG image, which can carry scripts and links`,
      points: 50,
    });
  } else if (kind !== "unknown" && kind !== "text" && last !== "" && !nameMatchesKind(last, kind)) {
    f.push({
      id: "attachment_type_mismatch",
      source: src,
      label: `${shown} is named .${last} but its content is ${kind}`,
      points: 50,
    });
  }
  if (MACRO_EXTENSIONS.has(last) || a.hasMacros === true) {
    f.push({ id: "attachment_macros", source: src, label: `${shown} is an Office file with macros`, points: 60 });
  } else if (LEGACY_OFFICE.has(last) && kind === "ole") {
    f.push({
      id: "attachment_legacy_office",
      source: src,
      label: `${shown} is a legacy Office file, which can run macros`,
      points: 15,
    });
  }
  if (a.encrypted === true) {
    const archive = kind === "zip" || kind === "rar" || kind === "7z" || ARCHIVE_EXTENSIONS.has(last);
    f.push({
      id: archive ? "attachment_encrypted_archive" : "attachment_encrypted",
      source: src,
      label: archive
        ? `${shown} is a password-protected archive, which mail filters cannot inspect`
        : `${shown} is encrypted, so filters cannot inspect it`,
      points: archive ? 45 : 20,
    });
  }
  const risky = a.archiveEntries.filter(isRisky);
  if (risky.length > 0) {
    f.push({
      id: "attachment_archive_executable",
      source: src,
      label: `${shown} contains ${risky
        .slice(0, 3)
        .map((e) => `"${e}"`)
        .join(", ")}`,
      points: 75,
    });
  }
  // One attachment's worst finding speaks for it; the others restate it.
  if (f.length - before > 1) {
    const mine = f.splice(before).sort((x, y) => y.points - x.points);
    const top = mine[0];
    if (top !== undefined) f.push(top);
    for (const other of mine.slice(1))
      if (other.id === "attachment_macros" || other.id === "attachment_encrypted_archive")
        f.push({ ...other, points: Math.round(other.points / 3) });
  }
}

/** Risk evidence of a message's attachments (source email_attachments). Pure; never throws. */
export function analyzeAttachments(attachments: readonly MailAttachment[]): Evidence {
  if (attachments.length === 0) {
    return {
      source: ATTACHMENTS_SOURCE,
      status: "skipped",
      reason: "no attachments",
      signals: { attachment_count: 0 },
      factors: [],
    };
  }
  const factors: Factor[] = [];
  for (const a of attachments.slice(0, 50)) findingsFor(a, factors);
  factors.sort((x, y) => y.points - x.points);
  const top = factors[0]?.points ?? 0;
  return {
    source: ATTACHMENTS_SOURCE,
    status: "ok",
    signals: {
      attachment_count: attachments.length,
      dangerous_attachments: factors.filter((x) => x.points >= 50).length,
    },
    factors: factors.slice(0, 5),
    ...(top >= 75 ? { floor: 65 } : {}),
  };
}
