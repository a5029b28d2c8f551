// A JPEG carrying megabytes of metadata, as some cameras and editing tools write it: APP segments of up to 64 KB
// each (maker notes, XMP, thumbnails), placed after the file's own segments and before its frame.

/** The JPEG with `bytes` of extra APP1/APP2 segments and a comment inserted after its first segments. */
export function withMetadataSegments(jpeg: Uint8Array, bytes: number): Uint8Array {
  // After SOI and every segment up to the first that is not an APPn: the camera's own EXIF stays first.
  let at = 2;
  while (jpeg[at] === 0xff && jpeg[at + 1]! >= 0xe0 && jpeg[at + 1]! <= 0xef) {
    at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
  }
  const segments: Buffer[] = [];
  for (let left = bytes, i = 0; left > 0; i++) {
    const size = Math.min(65_533, left);
    const segment = Buffer.alloc(size + 4, 0x41 + (i % 26));
    segment[0] = 0xff;
    segment[1] = i % 3 === 2 ? 0xfe : i % 2 ? 0xe2 : 0xe1;
    segment.writeUInt16BE(size + 2, 2);
    segments.push(segment);
    left -= size;
  }
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, at), ...segments, jpeg.subarray(at)]));
}
