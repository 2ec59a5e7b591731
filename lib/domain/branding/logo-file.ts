// What a logo upload may be: a raster image, recognised by its first bytes (never by its name or
// the type the browser claims), at most LOGO_MAX_BYTES. SVG is refused: it is a document that can
// carry scripts and outside references, and cleaning it safely is more than a logo is worth.

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const LOGO_MESSAGES = {
  empty: "Choose an image file.",
  tooLarge: `The logo is over ${LOGO_MAX_BYTES / 1024} KiB. Use a smaller image.`,
  svg: "SVG logos are not accepted (an SVG can carry scripts). Use a PNG, JPEG, WebP or GIF image.",
  notImage: "This file is not a PNG, JPEG, WebP or GIF image.",
} as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes are, or null. Needs only the first 16 bytes. */
export function sniffImageType(head: Uint8Array): LogoType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return "image/gif";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** Markup (SVG, HTML, XML) after an optional byte-order mark and white space: said apart, so the refusal is clear. */
export function looksLikeMarkup(head: Uint8Array): boolean {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(head).replace(/^\uFEFF/, "").trimStart();
  return text.startsWith("<");
}
