// Text and attribute values for hand-written XML (SVG badges, Atom feeds). Escapes the five
// markup characters and drops code points XML 1.0 does not allow at all (C0 controls other than
// tab, newline and carriage return; U+FFFE, U+FFFF; lone surrogates), so any input yields a
// well-formed document and no input can open an element or attribute of its own.
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML_CHARS, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
