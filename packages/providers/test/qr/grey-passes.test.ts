import { describe, expect, it } from "vitest";
import { blurGrey, sharpenGrey, stretchGrey, toGrey, toRgba } from "../../src/qr/grey-passes.js";

const grey = (width: number, height: number, f: (x: number, y: number) => number) => {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = f(x, y);
  return { width, height, data };
};

describe("grey passes", () => {
  it("converts RGBA to luma and back", () => {
    const rgba = { width: 2, height: 1, data: new Uint8Array([255, 255, 255, 255, 255, 0, 0, 255]) };
    const g = toGrey(rgba);
    expect(Array.from(g.data)).toEqual([255, 76]);
    expect(Array.from(toRgba(g).data)).toEqual([255, 255, 255, 255, 76, 76, 76, 255]);
  });

  it("blurs an edge into a ramp and keeps flat areas flat", () => {
    const edge = grey(20, 3, (x) => (x < 10 ? 0 : 200));
    const b = blurGrey(edge, 1.5);
    expect(b.data[0]).toBe(0);
    expect(b.data[19]).toBe(200);
    const row = Array.from(b.data.subarray(20, 40));
    expect(row[9]).toBeGreaterThan(30);
    expect(row[9]).toBeLessThan(100);
    expect(row[10]).toBeGreaterThan(100);
    for (let x = 1; x < 20; x++) expect(row[x]).toBeGreaterThanOrEqual(row[x - 1] ?? 0);
  });

  it("stretches a faded image to the full range", () => {
    const faded = grey(10, 10, (x) => (x < 5 ? 150 : 170));
    const s = stretchGrey(faded);
    expect(new Set(s.data)).toEqual(new Set([0, 255]));
    const flat = grey(4, 4, () => 90);
    expect(stretchGrey(flat)).toBe(flat);
  });

  it("sharpens an edge: the dark side darker, the light side lighter", () => {
    const soft = blurGrey(
      grey(20, 1, (x) => (x < 10 ? 60 : 180)),
      1.5,
    );
    const s = sharpenGrey(soft, 2, 1.5);
    expect(s.data[8]).toBeLessThan(soft.data[8] ?? 0);
    expect(s.data[11]).toBeGreaterThan(soft.data[11] ?? 0);
  });
});
