"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { parsePortalPath } from "@/lib/platform/i18n/locales";

/** The portal's sections; `base` is the portal's address in the page's language (/p/acme or /p/acme/de). */
export function PortalNav({ base }: { base: string }) {
  const t = useTranslations("Portal");
  // Compared without the language segment, so the same rule holds in every language.
  const rest = parsePortalPath(usePathname())?.rest ?? "";
  const under = (section: string) => rest === section || rest.startsWith(`${section}/`);
  const links = [
    { href: base, label: t("feedback"), active: rest === "" || under("/boards") || under("/posts") },
    { href: `${base}/roadmap`, label: t("roadmap"), active: under("/roadmap") },
    { href: `${base}/changelog`, label: t("changelog"), active: under("/changelog") },
    { href: `${base}/status`, label: t("status"), active: under("/status") },
  ];
  return (
    <nav aria-label={t("nav")} className="-mb-px flex gap-0 overflow-x-auto text-sm sm:gap-1">
      {links.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          aria-current={link.active ? "page" : undefined}
          className={`whitespace-nowrap border-b-2 px-1.5 py-2.5 font-medium sm:px-3 ${
            link.active ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
          }`}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
