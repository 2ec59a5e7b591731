import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { connection } from "next/server";
import { authOptions } from "./options";

export async function getSessionUser(): Promise<{ id: string; email: string; name: string | null } | null> {
  await connection(); // per-request by nature: never prerendered at build time
  const session = await getServerSession(authOptions());
  const user = session?.user;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, name: user.name ?? null };
}

/** For server components and actions: the signed-in user, or a redirect to sign-in and back. */
export async function requireSessionUser(returnTo?: string) {
  const user = await getSessionUser();
  if (user) return user;
  const back = returnTo ?? (await headers()).get("x-pathname") ?? "/workspaces";
  redirect(`/sign-in?callbackUrl=${encodeURIComponent(back)}`);
}
