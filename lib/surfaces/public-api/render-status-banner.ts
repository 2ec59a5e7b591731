import type { StatusBanner } from "@/lib/domain/status/get-status-banner";
import { translatorFor } from "@/lib/platform/i18n/messages";
import type { PortalLocale } from "@/lib/platform/i18n/locales";
import { escapeXml } from "@/lib/platform/text/escape-xml";
import { BADGE_COLORS, textWidth } from "./render-status-badge";

const FONT = "Verdana,Geneva,DejaVu Sans,sans-serif";
const TITLE_MAX = 80;

/**
 * The banner as an image, for pages that take no script (a README, a help centre): one line on the
 * indicator's colour, the first active incident's or maintenance's title while something is going
 * on, else the overall state. Text is escaped, and the route forbids scripts in the document.
 */
export function renderStatusBanner(banner: StatusBanner, locale?: PortalLocale): string {
  const t = translatorFor(locale, "Badge");
  const headline = banner.incidents[0]?.title ?? banner.maintenances[0]?.title ?? null;
  const state = locale ? t(banner.indicator) : banner.description;
  const raw = headline ? `${state}: ${headline}` : state;
  const text = [...raw].length > TITLE_MAX ? `${[...raw].slice(0, TITLE_MAX - 1).join("")}…` : raw;
  const textPx = textWidth(text);
  const width = textPx + 24;
  const label = escapeXml(text);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="28" viewBox="0 0 ${width} 28" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<rect width="${width}" height="28" rx="4" fill="${BADGE_COLORS[banner.indicator]}"/>`,
    `<text x="12" y="18" fill="#fff" font-family="${FONT}" font-size="11" textLength="${textPx}" lengthAdjust="spacingAndGlyphs">${label}</text>`,
    `</svg>`,
  ].join("");
}
