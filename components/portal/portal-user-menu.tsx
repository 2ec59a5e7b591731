"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { SignOutButton } from "@/components/workspaces/sign-out-button";
import { withBdi } from "@/lib/platform/i18n/bdi";
import { Pending, usePortalViewer } from "./viewer";

/**
 * The header's corner: "Sign in" for a visitor nobody knows (while the page is still asking, only
 * when the browser holds no session; else a blank placeholder of the name's size), else their name (leading to their mail choices), the way back to the dashboard for a member, and
 * "Sign out". `here` is the page's own address, where signing out lands.
 */
export function PortalUserMenu({ slug, base, here, signInHref }: { slug: string; base: string; here: string; signInHref: string }) {
  const t = useTranslations("Portal");
  const { pending, visitor } = usePortalViewer();
  if (!visitor) {
    const signIn = (
      <Link href={signInHref} prefetch={false} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50">
        {t("signIn")}
      </Link>
    );
    if (!pending) return signIn;
    return <Pending guest={signIn} hinted={<span aria-hidden="true" className="block h-7 w-24 animate-pulse rounded-md bg-slate-100" data-testid="portal-user-pending" />} />;
  }
  const shownName = visitor.name;
  return (
    <>
      {/* On a phone only the initial shows (the name is still read out), leaving room for the portal's name. */}
      {/* Leads to the visitor's choice of mail about this portal's posts. */}
      <Link href={`${base}/account`} className="flex min-w-0 items-center gap-2 text-slate-600 hover:underline" data-testid="portal-user" title={shownName}>
        {visitor.avatarUrl ? (
          // The customer's own picture of the person (an SSO claim): shown as given, at avatar size.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={visitor.avatarUrl} alt="" className="size-7 shrink-0 rounded-full object-cover" referrerPolicy="no-referrer" data-testid="portal-user-avatar" />
        ) : (
          <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700 sm:hidden">
            {[...shownName.trim()][0]?.toUpperCase()}
          </span>
        )}
        <span className="sr-only sm:not-sr-only sm:max-w-[16rem] sm:truncate">{withBdi((slot) => t("signedInAs", { name: slot(shownName) }))}</span>
      </Link>
      {visitor.member ? (
        <Link href={`/w/${slug}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50">
          {t("dashboard")}
        </Link>
      ) : null}
      {visitor.sso ? (
        <form method="post" action={`/p/${slug}/sso/sign-out`}>
          <input type="hidden" name="from" value={here} />
          <button type="submit" className="rounded-md px-2 py-1.5 font-medium text-slate-700 hover:bg-slate-100 sm:px-3">
            {t("signOut")}
          </button>
        </form>
      ) : (
        <SignOutButton callbackUrl={here} className="px-2 sm:px-3" label={t("signOut")} />
      )}
    </>
  );
}
