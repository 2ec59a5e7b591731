import Link from "next/link";
import { redirect } from "next/navigation";
import { getSessionUser } from "@/lib/surfaces/auth/session";
import { homeDestination } from "@/lib/domain/workspaces/home-destination";
import { listUserWorkspaces } from "@/lib/domain/workspaces/list-user-workspaces";

export default async function Home() {
  // Someone signed in came for their dashboard, not for the sign-in buttons.
  const user = await getSessionUser();
  if (user) redirect(homeDestination(await listUserWorkspaces(user.id)));
  return (
    <main className="mx-auto max-w-2xl px-6 py-24">
      <h1 className="text-3xl font-semibold tracking-tight">Workspace</h1>
      <p className="mt-3 text-slate-600">
        Feedback boards, roadmap, changelog, status page and todos, with a public API.
      </p>
      <div className="mt-8 flex gap-3">
        <Link className="rounded-md bg-indigo-600 px-4 py-2 text-white hover:bg-indigo-500" href="/sign-in">
          Sign in
        </Link>
        <Link className="rounded-md border border-slate-300 bg-white px-4 py-2 hover:bg-slate-100" href="/sign-up">
          Create an account
        </Link>
      </div>
    </main>
  );
}
