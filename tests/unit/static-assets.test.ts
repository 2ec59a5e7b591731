import fs from "node:fs";
import { describe, expect, it } from "vitest";
import manifest from "@/app/manifest";

// The checked-in icons (scripts/generate-icons.mjs draws them from app/icon.svg): present, of the
// sizes they claim, and the ICO really holding its three images.

function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

describe("static assets", () => {
  it("app/icon.svg is the square vector mark", () => {
    const svg = fs.readFileSync("app/icon.svg", "utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/);
  });

  it("public/favicon.ico holds 16, 32 and 48 px PNG images", () => {
    const ico = fs.readFileSync("public/favicon.ico");
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => {
      const entry = 6 + 16 * i;
      const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      const image = pngSize(ico.subarray(offset, offset + length));
      expect(image.width).toBe(ico.readUInt8(entry));
      return image.width;
    });
    expect(sizes).toEqual([16, 32, 48]);
  });

  it("every manifest icon exists in public/ with the size it declares; the apple icon is 180 px", () => {
    for (const icon of manifest().icons ?? []) {
      const [width, height] = icon.sizes!.split("x").map(Number);
      expect(pngSize(fs.readFileSync(`public${icon.src}`))).toEqual({ width, height });
    }
    expect(pngSize(fs.readFileSync("app/apple-icon.png"))).toEqual({ width: 180, height: 180 });
  });
});
