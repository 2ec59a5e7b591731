"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

// Every section of a workspace, in the order people work through them. Overview is current only
// on its own page; every other section also on the pages below it (a post under Posts).
const SECTIONS = [
  { href: "", label: "Overview" },
  { href: "/posts", label: "Posts" },
  { href: "/boards", label: "Boards" },
  { href: "/roadmap", label: "Roadmap" },
  { href: "/changelog", label: "Changelog" },
  { href: "/status", label: "Status" },
  { href: "/todos", label: "Todos" },
  { href: "/settings", label: "Settings" },
] as const;

export function WorkspaceNav({ slug, portalHref }: { slug: string; portalHref: string | null }) {
  const pathname = usePathname();
  const base = `/w/${slug}`;
  return (
    <nav aria-label="Workspace" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-1 text-sm">
        {SECTIONS.map((section) => {
          const href = `${base}${section.href}`;
          const current = section.href === "" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={section.href} className="shrink-0">
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={`block rounded-md px-3 py-1.5 font-medium whitespace-nowrap ${
                  current ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                }`}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
        {portalHref ? (
          <li className="shrink-0">
            <Link href={portalHref} className="block rounded-md px-3 py-1.5 whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              Public portal <span aria-hidden="true">↗</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
