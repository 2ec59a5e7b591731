"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export function PortalNav({ slug }: { slug: string }) {
  const pathname = usePathname();
  const base = `/p/${slug}`;
  const links = [
    { href: base, label: "Feedback", active: pathname === base || pathname.startsWith(`${base}/boards`) || pathname.startsWith(`${base}/posts`) },
    { href: `${base}/roadmap`, label: "Roadmap" },
    { href: `${base}/changelog`, label: "Changelog" },
    { href: `${base}/status`, label: "Status" },
  ];
  return (
    <nav aria-label="Portal" className="-mb-px flex gap-1 overflow-x-auto text-sm">
      {links.map((link) => {
        const active = link.active ?? (pathname === link.href || pathname.startsWith(`${link.href}/`));
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={active ? "page" : undefined}
            className={`whitespace-nowrap border-b-2 px-3 py-2.5 font-medium ${
              active ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
            }`}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}
