"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { DropdownMenu } from "radix-ui";
import { directionOf, isPortalLocale, LOCALE_NAMES, parsePortalPath, PORTAL_LOCALE_COOKIE, type PortalLocale } from "@/lib/platform/i18n/locales";

const ITEM =
  "flex cursor-default select-none items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";
const INSET_RING = { outlineOffset: -2 };

/** Remembers the visitor's choice for this portal only (the proxy reads it on the next visit). */
function rememberLocale(slug: string, locale: PortalLocale) {
  document.cookie = `${PORTAL_LOCALE_COOKIE}=${locale}; path=/p/${slug}; max-age=${365 * 24 * 3600}; samesite=lax`;
}

/**
 * The portal's language menu (Radix DropdownMenu): each offered language named in itself, the
 * current one checked. Every entry is a plain link to the same page under that language's segment
 * (a full page load: the page's language and direction change with it), so it works before the
 * scripts load too; with them, the choice is also remembered in a cookie for this portal. The
 * default language's link goes through its own segment, which the server turns into the
 * unprefixed address and remembers.
 */
export function LanguageSwitcher({ slug, locales }: { slug: string; locales: PortalLocale[] }) {
  const t = useTranslations("Portal");
  const current = useLocale();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const rest = parsePortalPath(pathname)?.rest ?? "";
  const dir = isPortalLocale(current) ? directionOf(current) : "ltr";
  if (locales.length < 2) return null;
  const name = isPortalLocale(current) ? LOCALE_NAMES[current] : current;
  return (
    <DropdownMenu.Root modal={false} dir={dir}>
      <DropdownMenu.Trigger
        data-testid="language-switcher"
        aria-label={t("languageCurrent", { language: name })}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.5">
          <circle cx="10" cy="10" r="7.25" />
          <path d="M2.75 10h14.5M10 2.75c2 2 3 4.5 3 7.25s-1 5.25-3 7.25c-2-2-3-4.5-3-7.25s1-5.25 3-7.25z" />
        </svg>
        <span className="hidden sm:inline">{name}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} collisionPadding={12} className="z-50 w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          {/* Rendered outside the portal's root element: it says its language and direction itself. */}
          <div lang={current} dir={dir}>
          <DropdownMenu.Label className="px-2 pt-1.5 pb-1 text-xs font-medium text-slate-500">{t("language")}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={current}>
            {locales.map((locale) => (
              <DropdownMenu.RadioItem key={locale} value={locale} asChild className={ITEM} style={INSET_RING}>
                <a href={`/p/${slug}/${locale}${rest}${search ? `?${search}` : ""}`} hrefLang={locale} lang={locale} onClick={() => rememberLocale(slug, locale)} data-locale={locale}>
                  <span className="flex-1">{LOCALE_NAMES[locale]}</span>
                  <DropdownMenu.ItemIndicator className="shrink-0 text-indigo-600">
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                      <path d="m5 10.5 3.5 3.5L15 6.5" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </DropdownMenu.ItemIndicator>
                </a>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
