"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const ITEMS = [
  { href: "", label: "General" },
  { href: "/members", label: "Members" },
  { href: "/api-keys", label: "API keys" },
  { href: "/webhooks", label: "Webhooks", adminsOnly: true },
  { href: "/migration", label: "Import & export", adminsOnly: true },
  { href: "/sso", label: "Single sign-on", adminsOnly: true },
  { href: "/widget", label: "Widget", adminsOnly: true },
] as const;

/** The settings sub-navigation (Webhooks for admins and owners only): tabs across the top on small screens, a sidebar from lg up. */
export function SettingsNav({ slug, canManage }: { slug: string; canManage: boolean }) {
  const pathname = usePathname();
  const base = `/w/${slug}/settings`;
  return (
    <nav aria-label="Settings" className="-mx-4 overflow-x-auto border-b border-slate-200 px-4 sm:-mx-6 sm:px-6 lg:mx-0 lg:border-0 lg:px-0">
      <p className="hidden px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-500 lg:block">Settings</p>
      <ul className="flex gap-1 lg:flex-col">
        {ITEMS.filter((item) => canManage || !("adminsOnly" in item)).map((item) => {
          const href = `${base}${item.href}`;
          const current = pathname === href || (item.href !== "" && pathname.startsWith(`${href}/`));
          return (
            <li key={item.href} className="shrink-0">
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={`block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap lg:rounded-md lg:border-b-0 ${
                  current
                    ? "border-indigo-600 text-indigo-700 lg:bg-indigo-50"
                    : "border-transparent text-slate-600 hover:text-slate-900 lg:hover:bg-slate-100"
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
