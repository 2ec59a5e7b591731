"use client";

import Link from "next/link";
import { signOut } from "next-auth/react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { applyTheme, THEME_LABELS } from "@/components/theme/apply-theme";
import { parseThemePreference, THEME_PREFERENCES, type ThemePreference } from "@/lib/platform/theme/preference";
import { signOutEverywhereAction } from "@/lib/surfaces/actions/dashboard/sign-out-everywhere";
import { useDashboardViewer } from "./use-dashboard-viewer";

/** `email` null: the page was rendered for every member alike, and the address is asked for once it loads. */
type Props = { email: string | null; theme: ThemePreference };

/** The account's menu in the header: who is signed in, the account page, and ending every session at once. */
export function AccountMenu({ email: given, theme: initialTheme }: Props) {
  const email = useDashboardViewer(given, (viewer) => viewer.email);
  const [pending, setPending] = useState(false);
  const [theme, setTheme] = useState(initialTheme);

  async function everywhere() {
    setPending(true);
    try {
      await signOutEverywhereAction();
    } finally {
      // Whatever the server answered, this browser signs out too.
      await signOut({ callbackUrl: "/sign-in?signedOut=everywhere" });
    }
  }

  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links stay focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="inline-flex max-w-56 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=open]:bg-slate-100"
        data-testid="signed-in-as"
      >
        <span className="hidden truncate sm:inline">{email ?? "Account"}</span>
        <span className="sm:hidden">Account</span>
        <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg">
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-500">{email ? `Signed in as ${email}` : "Signed in"}</DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {/* Choosing keeps the menu open, so the change is seen before the menu goes. */}
          <DropdownMenu.Label className="px-3 pt-1 pb-1 text-xs text-slate-500" id="theme-menu-label">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-labelledby="theme-menu-label"
            value={theme}
            onValueChange={(value) => {
              const next = parseThemePreference(value);
              setTheme(next);
              applyTheme(next);
            }}
          >
            {THEME_PREFERENCES.map((option) => (
              <DropdownMenu.RadioItem
                key={option}
                value={option}
                onSelect={(event) => event.preventDefault()}
                className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-1.5 text-slate-800 outline-none data-[highlighted]:bg-slate-100"
              >
                <span aria-hidden="true" className="w-3 text-indigo-700">
                  <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                </span>
                {THEME_LABELS[option]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className="block cursor-pointer rounded-md px-3 py-2 text-slate-800 outline-none data-[highlighted]:bg-slate-100">
            <Link href="/account">Account settings</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            disabled={pending}
            onSelect={(event) => {
              event.preventDefault();
              void everywhere();
            }}
            className="cursor-pointer rounded-md px-3 py-2 text-slate-800 outline-none data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100"
          >
            {pending ? "Signing out everywhere…" : "Sign out everywhere"}
            <span className="block text-xs text-slate-500">Ends every session of this account, on every device.</span>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
