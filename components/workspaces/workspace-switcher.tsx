"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { DropdownMenu } from "radix-ui";
import type { Role } from "@/lib/generated/prisma/enums";
import { useDashboardViewer } from "./use-dashboard-viewer";
import { WorkspaceMark } from "./workspace-mark";

export interface SwitcherWorkspace {
  slug: string;
  name: string;
  role: Role;
}

const ITEM =
  "flex cursor-default select-none items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";
// The app-wide focus ring (globals.css), drawn inside the item so it does not spill over its neighbours.
const INSET_RING = { outlineOffset: -2 };

/**
 * The workspace menu at the top left (Radix DropdownMenu: a button that opens a menu, arrow keys,
 * typeahead, Escape back to the button). Every workspace of the user as a radio item, the current
 * one checked; choosing another opens its overview. Then "All workspaces" and "New workspace…".
 */
export function WorkspaceSwitcher({ here, workspaces: given }: { here: SwitcherWorkspace; workspaces: SwitcherWorkspace[] | null }) {
  const router = useRouter();
  const current = here.slug;
  // null: the page was rendered for every member alike; the list is asked for once it loads, and
  // until then the menu holds the workspace on screen.
  const workspaces = useDashboardViewer(given, (viewer) => viewer.workspaces) ?? [here];
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links stay
    // focusable (axe: aria-hidden-focus). Focus still moves into the menu and back on Escape.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid="workspace-switcher"
        className="group -ml-2 flex max-w-full min-w-0 self-start items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-slate-100 data-[state=open]:bg-slate-100"
      >
        <WorkspaceMark name={here.name} />
        <span className="min-w-0 truncate font-semibold text-slate-900">
          <span className="sr-only">Workspace: </span>
          {here.name}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.75">
          <path d="M6.5 8 10 4.5 13.5 8M6.5 12 10 15.5 13.5 12" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-h-[min(28rem,var(--radix-dropdown-menu-content-available-height))] w-72 max-w-[calc(100vw-1.5rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 pt-1.5 pb-1 text-xs font-medium text-slate-500">Your workspaces</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={current}
            onValueChange={(slug) => {
              if (slug !== current) router.push(`/w/${slug}`);
            }}
          >
            {workspaces.map((workspace) => (
              <DropdownMenu.RadioItem key={workspace.slug} value={workspace.slug} className={ITEM} style={INSET_RING}>
                <WorkspaceMark name={workspace.name} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{workspace.name}</span>
                  <span className="block truncate text-xs text-slate-600">
                    {workspace.slug} · {workspace.role.toLowerCase()}
                  </span>
                </span>
                <DropdownMenu.ItemIndicator className="shrink-0 text-indigo-600">
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                    <path d="m4.5 10.5 3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={ITEM} style={INSET_RING}>
            <Link href="/workspaces">All workspaces</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM} style={INSET_RING}>
            <Link href="/workspaces/new">New workspace…</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
