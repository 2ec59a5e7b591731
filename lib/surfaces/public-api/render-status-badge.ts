import { createHash } from "node:crypto";
import type { Indicator } from "@/lib/domain/status/overall-indicator";
import { translatorFor } from "@/lib/platform/i18n/messages";
import type { PortalLocale } from "@/lib/platform/i18n/locales";
import { escapeXml } from "@/lib/platform/text/escape-xml";

// The status badge: a hand-written SVG in the familiar two-part "label | message" shape, or a
// compact single pill with a coloured dot. Every piece of text goes through escapeXml, and the
// route serves it with a CSP that forbids scripts, so a label like `<script>` is only ever text.
export const BADGE_MESSAGES: Record<Indicator, string> = {
  operational: "operational",
  degraded: "degraded",
  partial_outage: "partial outage",
  major_outage: "major outage",
  maintenance: "maintenance",
};

// Dark enough for white text to stay readable (WCAG AA at this size) on each.
export const BADGE_COLORS: Record<Indicator, string> = {
  operational: "#1a7f37",
  degraded: "#9a6700",
  partial_outage: "#bc4c00",
  major_outage: "#cf222e",
  maintenance: "#0969da",
};

const FONT = "Verdana,Geneva,DejaVu Sans,sans-serif";
const PADDING = 6;

// Approximate advance widths of Verdana at 11px; the text is also drawn with textLength, so the
// badge looks right whatever font the viewer has.
function charWidth(char: string): number {
  if (/[ijl|!.,:;'`]/.test(char)) return 3.5;
  if (/[ftrI()[\]{} /\\"-]/.test(char)) return 4.5;
  if (/[mwMW@%]/.test(char)) return 10;
  if (/[a-z]/.test(char)) return 6.7;
  if (/[A-Z]/.test(char)) return 7.6;
  if (/[0-9]/.test(char)) return 7;
  if (char.charCodeAt(0) < 128) return 7.5;
  // Wide scripts (CJK, emoji) take roughly a full em.
  return /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u.test(char) ? 11 : 7.5;
}

export function textWidth(text: string): number {
  return Math.round([...text].reduce((sum, char) => sum + charWidth(char), 0));
}

export interface BadgeOptions {
  indicator: Indicator;
  label?: string;
  style?: "flat" | "compact";
  /** The language of the words (the default label and the message); English when not given. */
  locale?: PortalLocale;
}

export function renderStatusBadge({ indicator, label, style = "flat", locale }: BadgeOptions): string {
  const t = translatorFor(locale, "Badge");
  const message = locale ? t(indicator) : BADGE_MESSAGES[indicator];
  const color = BADGE_COLORS[indicator];
  const shownLabel = label ?? (locale ? t("label") : "status");
  return style === "compact" ? compactBadge(shownLabel, message, color) : flatBadge(shownLabel || (locale ? t("label") : "status"), message, color);
}

function flatBadge(label: string, message: string, color: string): string {
  const labelText = textWidth(label);
  const messageText = textWidth(message);
  const labelWidth = labelText + PADDING * 2;
  const messageWidth = messageText + PADDING * 2;
  const width = labelWidth + messageWidth;
  const title = escapeXml(`${label}: ${message}`);
  // Ids unique to this badge's content, so several badges inlined into one page do not share them.
  const id = createHash("sha256").update(`${label}\u0000${message}`).digest("hex").slice(0, 8);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<linearGradient id="s${id}" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>`,
    `<clipPath id="r${id}"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>`,
    `<g clip-path="url(#r${id})"><rect width="${labelWidth}" height="20" fill="#555"/><rect x="${labelWidth}" width="${messageWidth}" height="20" fill="${color}"/><rect width="${width}" height="20" fill="url(#s${id})"/></g>`,
    `<g fill="#fff" text-anchor="middle" font-family="${FONT}" font-size="11">`,
    textWithShadow(label, labelWidth / 2, labelText),
    textWithShadow(message, labelWidth + messageWidth / 2, messageText),
    `</g>`,
    `</svg>`,
  ].join("");
}

function compactBadge(label: string, message: string, color: string): string {
  const text = label ? `${label} · ${message}` : message;
  const textPx = textWidth(text);
  const dot = 8;
  const width = PADDING + dot + 5 + textPx + PADDING;
  const title = escapeXml(label ? `${label}: ${message}` : message);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="18" viewBox="0 0 ${width} 18" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="${width}" height="18" rx="9" fill="#24292f"/>`,
    `<circle cx="${PADDING + dot / 2}" cy="9" r="${dot / 2}" fill="${color}"/>`,
    `<text x="${PADDING + dot + 5}" y="13" fill="#fff" font-family="${FONT}" font-size="11" textLength="${textPx}" lengthAdjust="spacingAndGlyphs">${escapeXml(text)}</text>`,
    `</svg>`,
  ].join("");
}

function textWithShadow(text: string, centre: number, length: number): string {
  const escaped = escapeXml(text);
  const attrs = `x="${centre}" textLength="${length}" lengthAdjust="spacingAndGlyphs"`;
  return `<text ${attrs} y="15" fill="#010101" fill-opacity=".3" aria-hidden="true">${escaped}</text><text ${attrs} y="14">${escaped}</text>`;
}
