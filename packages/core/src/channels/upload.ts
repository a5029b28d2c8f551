// The uploaded file as the upload channels (QR, document) read it, whatever face it came through, and the
// content hash that keys their cache (the bytes themselves are never kept).
import { z } from "zod";
import type { Hasher } from "../ports/hasher.js";

/**
 * The file's bytes as a caller may hold them: a Uint8Array, a Node Buffer (`fs.readFileSync`), another typed array or
 * DataView, or an ArrayBuffer. Each becomes a plain Uint8Array over the same memory (no copy): a Buffer's `slice` is a
 * view where a Uint8Array's is a copy, and the analyzers must see one behaviour. Nothing downstream writes to them.
 */
const BytesSchema = z
  .custom<ArrayBuffer | ArrayBufferView>(
    (v) => v instanceof ArrayBuffer || ArrayBuffer.isView(v),
    "Expected the file's bytes: a Uint8Array, Buffer or ArrayBuffer.",
  )
  .transform((v) =>
    v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength),
  )
  .refine((b) => b.byteLength > 0, "The file is empty.");

export const UploadSchema = z
  .object({
    bytes: BytesSchema,
    filename: z.string().max(255, "The file name is longer than 255 characters; rename the file.").optional(),
    declaredType: z.string().max(255, "The part's declared Content-Type is longer than 255 characters.").optional(),
  })
  .describe("The uploaded file (multipart part `file`; base64 `file_base64` over MCP)");

/** Lower-case hex SHA-256 of the bytes (through the Hasher's byte form when it has one). */
export function hashBytes(hasher: Hasher, bytes: Uint8Array): string {
  if (hasher.sha256HexOfBytes) return hasher.sha256HexOfBytes(bytes);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return hasher.sha256Hex(binary);
}

/** Bytes of a base64 string (test images shipped in the source). */
export function fromBase64(b64: string): Uint8Array {
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
