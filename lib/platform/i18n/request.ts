import { getRequestConfig } from "next-intl/server";
import { DEFAULT_PORTAL_LOCALE, isPortalLocale } from "./locales";

// next-intl's per-request configuration (wired in next.config.mjs). The locale is the portal
// page's (loadPortal sets it from the address and the workspace's default; the proxy's header
// covers the not-found page of an unknown portal); anything else speaks the default.
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isPortalLocale(requested) ? requested : DEFAULT_PORTAL_LOCALE;
  const messages = (await import(`../../../messages/${locale}.json`)).default;
  // Portal times are shown in UTC for everyone: the page says so once.
  return { locale, messages, timeZone: "UTC" };
});
