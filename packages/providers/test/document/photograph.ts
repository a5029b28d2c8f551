// Image helpers of the document fixture generator: they live beside the providers' tests because sharp is a
// dependency of the providers package, not of the repository root.
import sharp from "sharp";

/** A phone snapshot of a printed page: slightly skewed and turned, soft, lower contrast, JPEG quality 40. */
export async function photograph(png: Uint8Array, rng: () => number): Promise<Buffer> {
  const paper = { r: 214, g: 210, b: 200 };
  const shear = (rng() * 2 - 1) * 0.05;
  // One sharp pipeline applies its operations in its own fixed order, so each step is its own pass.
  const skewed = await sharp(png)
    .flatten({ background: "#ffffff" })
    .affine(
      [
        [1, shear],
        [shear * 0.4, 1 - Math.abs(shear)],
      ],
      { background: paper, interpolator: "bilinear" },
    )
    .png()
    .toBuffer();
  const turned = await sharp(skewed)
    .rotate((rng() * 2 - 1) * 4, { background: paper })
    .png()
    .toBuffer();
  return sharp(turned)
    .resize({ width: 1100 })
    .blur(0.6 + rng() * 0.5)
    .linear(0.85, 18)
    .jpeg({ quality: 40 })
    .toBuffer();
}

/** Grey palette PNG: keeps committed screenshots small without changing what OCR sees. */
export function toGreyPng(png: Uint8Array): Promise<Buffer> {
  return sharp(png).greyscale().png({ palette: true, colors: 32, compressionLevel: 9 }).toBuffer();
}
