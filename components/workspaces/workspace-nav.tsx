"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { Dialog } from "radix-ui";
import { useState } from "react";

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

interface NavLink {
  href: string;
  label: string;
  current: boolean;
}

function sectionLinks(slug: string, pathname: string): NavLink[] {
  const base = `/w/${slug}`;
  return SECTIONS.map((section) => {
    const href = `${base}${section.href}`;
    const current = section.href === "" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
    return { href, label: section.label, current };
  });
}

/**
 * The workspace's sections: a row on wide screens; below that (where the row would not fit beside
 * the switcher) a "Menu" button opening a drawer with the same links. The drawer is a Radix modal
 * dialog: focus stays inside, Escape or the close button shuts it and focus returns to the button.
 */
export function WorkspaceNav({ slug, portalHref }: { slug: string; portalHref: string | null }) {
  const links = sectionLinks(slug, usePathname());
  return (
    <>
      <nav aria-label="Workspace" className="hidden lg:block">
        <ul className="flex gap-1 text-sm">
          {links.map((link) => (
            <li key={link.href} className="shrink-0">
              <Link
                href={link.href}
                aria-current={link.current ? "page" : undefined}
                className={`block rounded-md px-3 py-1.5 font-medium whitespace-nowrap ${
                  link.current ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                }`}
              >
                {link.label}
              </Link>
            </li>
          ))}
          {portalHref ? (
            <li className="shrink-0">
              <Link href={portalHref} className="block rounded-md px-3 py-1.5 whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900">
                Public portal <span aria-hidden="true">↗</span>
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <NavDrawer links={links} portalHref={portalHref} />
    </>
  );
}

function NavDrawer({ links, portalHref }: { links: NavLink[]; portalHref: string | null }) {
  const [open, setOpen] = useState(false);
  const current = links.find((link) => link.current);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        data-testid="workspace-menu-button"
        className="inline-flex shrink-0 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 lg:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.75">
          <path d="M3.5 5.5h13M3.5 10h13M3.5 14.5h13" strokeLinecap="round" />
        </svg>
        Menu
        {current ? <span className="sr-only">, current section: {current.label}</span> : null}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="workspace-menu"
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-l border-slate-200 bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-base font-semibold tracking-tight text-slate-900">Workspace sections</Dialog.Title>
            <Dialog.Close aria-label="Close menu" className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <nav aria-label="Workspace" className="p-2">
            <ul className="space-y-0.5">
              {links.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    onClick={close}
                    aria-current={link.current ? "page" : undefined}
                    className={`block rounded-md px-3 py-2.5 font-medium ${
                      link.current ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                    }`}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
              {portalHref ? (
                <li className="mt-2 border-t border-slate-200 pt-2">
                  <Link href={portalHref} onClick={close} className="block rounded-md px-3 py-2.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
                    Public portal <span aria-hidden="true">↗</span>
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
