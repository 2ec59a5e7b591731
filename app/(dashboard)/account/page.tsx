import type { Metadata } from "next";
import Link from "next/link";
import { DeleteAccount } from "@/components/account/delete-account";
import { EmailForm } from "@/components/account/email-form";
import { NameForm } from "@/components/account/name-form";
import { PasswordForm } from "@/components/account/password-form";
import { Alert } from "@/components/ui/alert";
import { requireSessionUser } from "@/lib/surfaces/auth/session";
import { NO_PASSWORD_YET } from "@/lib/domain/users/change-password";
import { lastOwnerRefusal } from "@/lib/domain/users/delete-account";
import { getAccount } from "@/lib/domain/users/get-account";
import { mailMode } from "@/lib/platform/mail/config";

export const metadata: Metadata = { title: "Account" };

// Where the link mailed to a new address lands (app/confirm-email/route.ts): what happened to it.
const EMAIL_NOTICES: Record<string, { tone: "success" | "error"; text: (email: string) => string }> = {
  changed: { tone: "success", text: (email) => `Your email address is now ${email}.` },
  taken: { tone: "error", text: () => "That address has an account of its own by now, so your address did not change." },
  expired: { tone: "error", text: () => "That confirmation link has expired. Ask for a new one below." },
  used: { tone: "error", text: () => "That confirmation link was already used. Ask for a new one below if your address did not change." },
  invalid: { tone: "error", text: () => "That confirmation link is not valid. Use the newest link we sent, or ask for a new one below." },
};

export default async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireSessionUser("/account");
  const [account, params] = await Promise.all([getAccount(user.id), searchParams]);
  if (!account) return null; // deleted under this very request: the next one signs out
  const notice = EMAIL_NOTICES[String(params.email ?? "")];
  const { blocking, deletedWithIt } = account.deletion;
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <Link href="/workspaces" className="text-sm text-slate-600 hover:text-slate-900 hover:underline">
          ← Your workspaces
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">Account</h1>
        <p className="mt-1 text-sm text-slate-600">Your name, sign-in address and password, the same in every workspace.</p>
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text(account.email)}</Alert> : null}
      <NameForm name={account.name} />
      <EmailForm email={account.email} emailVerified={account.emailVerified} hasPassword={account.hasPassword} mail={mailMode()} />
      <PasswordForm noPasswordNote={account.hasPassword ? null : NO_PASSWORD_YET} />
      <DeleteAccount
        email={account.email}
        refusal={blocking.length ? lastOwnerRefusal(blocking) : null}
        deletedWithIt={deletedWithIt}
      />
    </main>
  );
}
