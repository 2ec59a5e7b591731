"use server";

import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { preferenceChangeAllowed, unsubscribePostUpdates } from "@/lib/domain/notifications/unsubscribe-post-updates";
import { serverAction } from "@/lib/surfaces/actions/server-action";
import { clientIp } from "@/lib/platform/server/client-ip";

/** The confirm button of the unsubscribe page: the signed token stands for a sign-in. */
export async function unsubscribeAction(token: string): Promise<void> {
  // It answers by redirecting, so an outage goes on to the error page.
  return serverAction({ context: "unsubscribeAction", caller: "anyone", refusals: "throw", unavailable: "throw" }, async () => {
    const path = `/unsubscribe/${encodeURIComponent(String(token))}`;
    if (!(await preferenceChangeAllowed(`ip:${clientIp(await headers())}`))) redirect(`${path}?busy=1`);
    const done = await unsubscribePostUpdates(String(token));
    redirect(done ? `${path}?done=1` : path);
  });
}
