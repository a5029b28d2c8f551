// A JPEG's metadata segments taken out before it is decoded: EXIF, XMP, ICC profiles, maker notes and comments can
// fill megabytes that the decoder parses and copies for nothing. What is kept is what decoding needs (the frame, its
// tables, JFIF and Adobe's colour transform) and the EXIF orientation, written back as a segment of 36 bytes.
const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP14 = 0xee;
const COM = 0xfe;

/** The orientation tag (0x0112) of an APP1 payload ("Exif\0\0" and a TIFF header), or undefined. */
export function exifOrientation(payload: Uint8Array): number | undefined {
  if (payload.length < 14 || Buffer.from(payload.subarray(0, 6)).toString("latin1") !== "Exif\0\0") return undefined;
  const tiff = payload.subarray(6);
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return undefined;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return undefined;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (view.getUint16(entry, little) !== 0x0112) continue;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : undefined;
  }
  return undefined;
}

/** An APP1 segment holding only an orientation tag, big-endian. */
function orientationSegment(orientation: number): Uint8Array {
  const tiff = [
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  const payload = [...Buffer.from("Exif\0\0", "latin1"), ...tiff];
  const length = payload.length + 2;
  return Uint8Array.from([0xff, APP1, length >> 8, length & 0xff, ...payload]);
}

/**
 * The JPEG without its metadata segments, its orientation kept; the bytes as given when there was nothing to take
 * out, or when the markers before the scan do not parse (the decoder then judges the file).
 */
export function withoutJpegMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return bytes;
  const kept: Uint8Array[] = [];
  let orientation: number | undefined;
  let dropped = false;
  let at = 2;
  for (;;) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) return bytes;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === SOS || marker === EOI) break;
    const end = at + 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
    if (end > bytes.length || end < at + 4) return bytes;
    const metadata = (marker > APP0 && marker <= 0xef && marker !== APP14) || marker === COM;
    if (!metadata) kept.push(bytes.subarray(at, end));
    else {
      dropped = true;
      if (marker === APP1 && orientation === undefined) orientation = exifOrientation(bytes.subarray(at + 4, end));
    }
    at = end;
  }
  if (!dropped) return bytes;
  const exif = orientation === undefined || orientation === 1 ? [] : [orientationSegment(orientation)];
  return new Uint8Array(Buffer.concat([bytes.subarray(0, 2), ...exif, ...kept, bytes.subarray(at)]));
}
