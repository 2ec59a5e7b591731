import { SubscriberList } from "@/components/subscriptions/subscriber-list";
import { DomainError } from "@/lib/platform/core/errors";
import { guardAction } from "@/lib/surfaces/auth/guard-action";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import type { SubscriptionTopic } from "@/lib/generated/prisma/enums";
import { getWorkspaceActorOrThrow } from "@/lib/domain/access/actor";
import { exportSubscribersCsv, listSubscribers } from "@/lib/domain/subscriptions/list-subscribers";

// The status page's and the changelog's subscriber lists share this page: the topic decides the
// words, the path and the role that may see the addresses (lib/domain/subscriptions/list-subscribers.ts).

const AREA = {
  STATUS: { path: "status", title: "Status subscribers", back: "Status", intro: "People who confirmed an address on the status page. They are mailed when an incident opens, is updated or resolved, and when maintenance is scheduled, starts or ends." },
  CHANGELOG: { path: "changelog", title: "Changelog subscribers", back: "Changelog", intro: "People who confirmed an address on the public changelog. They are mailed when a release note is published." },
} as const;

export async function SubscribersPage({ slug, topic, search, remove }: { slug: string; topic: SubscriptionTopic; search: Record<string, string | string[] | undefined>; remove: (formData: FormData) => Promise<void> }) {
  const area = AREA[topic];
  const { actor } = await workspacePageActor(slug, `/${area.path}/subscribers`);
  const q = typeof search.q === "string" ? search.q.slice(0, 200) : "";
  const page = Number(search.page) || 1;
  const list = await listSubscribers(actor, { topic, q, page }).catch((error: unknown) => {
    if (error instanceof DomainError && (error.code === "FORBIDDEN" || error.code === "VALIDATION_ERROR")) return error;
    throw error;
  });
  if (list instanceof DomainError) {
    return (
      <main className="space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">{area.title}</h1>
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="alert">
          {list.message}
        </p>
      </main>
    );
  }
  return (
    <SubscriberList
      title={area.title}
      intro={area.intro}
      basePath={`/w/${slug}/${area.path}/subscribers`}
      exportPath={`/w/${slug}/${area.path}/subscribers/export`}
      list={list}
      q={q}
      showComponents={topic === "STATUS"}
      remove={remove}
      back={{ href: `/w/${slug}/${area.path}`, label: area.back }}
    />
  );
}

/** The CSV download: signed in, a member, and allowed to see the addresses; else a plain refusal. */
export async function subscribersCsv(slug: string, topic: SubscriptionTopic, request: Request): Promise<Response> {
  const user = await guardAction();
  const refuse = (status: number, text: string) => new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  if (!user) return refuse(401, "Sign in to export subscribers.");
  try {
    const actor = await getWorkspaceActorOrThrow(user.id, slug);
    const q = new URL(request.url).searchParams.get("q") ?? undefined;
    const csv = await exportSubscribersCsv(actor, topic, q);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${slug}-${AREA[topic].path}-subscribers.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") return refuse(404, error.message);
    if (error instanceof DomainError && (error.code === "FORBIDDEN" || error.code === "VALIDATION_ERROR")) return refuse(error.code === "FORBIDDEN" ? 403 : 400, error.message);
    throw error;
  }
}
