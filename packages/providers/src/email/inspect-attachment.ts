// Facts about an attachment visible in its bytes without unpacking or running it: the first bytes for a magic-byte
// check, ZIP entry names and encryption flags from the local file headers, a VBA project inside an Office file, and
// PDF encryption.
import type { MailAttachment } from "@scamverify/core";

export const HEAD_BYTES = 512;
const MAX_ENTRIES = 100;
/** Bytes of a large attachment searched for markers; the rest is not looked at. */
const SCAN_BYTES = 4 * 1024 * 1024;

function indexOfBytes(hay: Uint8Array, needle: Uint8Array, limit: number): number {
  const end = Math.min(hay.length, limit) - needle.length;
  const first = needle[0];
  outer: for (let i = 0; i <= end; i++) {
    if (hay[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const ASCII = new TextEncoder();
const VBA = ASCII.encode("vbaProject.bin");
const PDF_ENCRYPT = ASCII.encode("/Encrypt");
const OLE_ENCRYPTED = ASCII.encode("E\0n\0c\0r\0y\0p\0t\0e\0d\0P\0a\0c\0k\0a\0g\0e");
const OLE_MACROS = ASCII.encode("_\0V\0B\0A\0_\0P\0R\0O\0J\0E\0C\0T");

interface ZipFacts {
  readonly entries: string[];
  readonly encrypted: boolean;
}

/** Walks the local file headers of a ZIP archive (names stored in the clear, flag bit 0 = encrypted). */
function zipFacts(bytes: Uint8Array): ZipFacts {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: string[] = [];
  let encrypted = false;
  let at = 0;
  const decoder = new TextDecoder("utf-8", { fatal: false });
  while (at + 30 <= bytes.length && entries.length < MAX_ENTRIES && view.getUint32(at, true) === 0x04034b50) {
    const flags = view.getUint16(at + 6, true);
    const compressed = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    if ((flags & 1) === 1) encrypted = true;
    entries.push(decoder.decode(bytes.subarray(at + 30, Math.min(bytes.length, at + 30 + nameLength))));
    // With a data descriptor (bit 3) the size is not known up front: stop rather than guess.
    if ((flags & 8) === 8) break;
    at += 30 + nameLength + extraLength + compressed;
  }
  return { entries, encrypted };
}

export function inspectAttachment(filename: string | null, declaredType: string, bytes: Uint8Array): MailAttachment {
  const head = bytes.slice(0, HEAD_BYTES);
  let encrypted: boolean | null = null;
  let hasMacros: boolean | null = null;
  let archiveEntries: string[] = [];
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const isOle = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  const isPdf = bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;
  if (isZip) {
    const facts = zipFacts(bytes);
    archiveEntries = facts.entries;
    encrypted = facts.encrypted;
    const office = facts.entries.some(
      (e) => e === "[Content_Types].xml" || e.startsWith("word/") || e.startsWith("xl/") || e.startsWith("ppt/"),
    );
    if (office) {
      hasMacros =
        facts.entries.some((e) => e.endsWith("vbaProject.bin")) || indexOfBytes(bytes, VBA, SCAN_BYTES) !== -1;
      archiveEntries = [];
    }
  } else if (isOle) {
    // An encrypted OOXML document is stored inside an OLE container with an EncryptedPackage stream.
    encrypted = indexOfBytes(bytes, OLE_ENCRYPTED, SCAN_BYTES) !== -1;
    hasMacros = indexOfBytes(bytes, OLE_MACROS, SCAN_BYTES) !== -1;
  } else if (isPdf) {
    const from = Math.max(0, bytes.length - 64 * 1024);
    encrypted =
      indexOfBytes(bytes.subarray(from), PDF_ENCRYPT, SCAN_BYTES) !== -1 ||
      indexOfBytes(bytes, PDF_ENCRYPT, 64 * 1024) !== -1;
  }
  return { filename, declaredType, size: bytes.byteLength, head, encrypted, hasMacros, archiveEntries };
}
