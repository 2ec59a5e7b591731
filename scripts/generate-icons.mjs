#!/usr/bin/env node
// Draws the PNG and ICO icons from app/icon.svg (the one source of the mark) with sharp, which
// Next installs for image optimisation. The outputs are checked in, so builds need nothing of this:
// run it again only after changing the mark. `node scripts/generate-icons.mjs`
import fs from "node:fs";
import sharp from "sharp";

const mark = fs.readFileSync("app/icon.svg", "utf8");

// Home-screen icons get square corners and a safe zone: iOS and Android cut their own shape out
// of them, and transparent corners would show black. The bars keep the mark's proportions.
const fullBleed = mark
  .replace('<rect width="32" height="32" rx="8" fill="#4f46e5"/>', '<rect width="32" height="32" fill="#4f46e5"/>')
  .replace(/<rect x=/g, '<rect transform="translate(3.2 3.2) scale(.8)" x=');

const png = (svg, size) => sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

/** An ICO holding PNG images (understood by every browser since 2007). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

fs.mkdirSync("public", { recursive: true });
const favicon = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(mark, size) })));
fs.writeFileSync("public/favicon.ico", ico(favicon));
fs.writeFileSync("public/icon-192.png", await png(mark, 192));
fs.writeFileSync("public/icon-512.png", await png(mark, 512));
fs.writeFileSync("public/icon-maskable-512.png", await png(fullBleed, 512));
fs.writeFileSync("app/apple-icon.png", await png(fullBleed, 180));
console.log("Wrote public/favicon.ico, public/icon-192.png, public/icon-512.png, public/icon-maskable-512.png, app/apple-icon.png");
