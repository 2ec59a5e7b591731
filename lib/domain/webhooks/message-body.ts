import { absoluteUrl } from "@/lib/platform/config/site-url";
import type { WebhookKind } from "@/lib/generated/prisma/enums";
import { TEST_EVENT_TYPE } from "./event-types";

// What each kind of endpoint receives for one event. A standard endpoint gets the Standard
// Webhooks envelope `{ type, timestamp, data }`; Slack and Discord incoming webhooks get a
// readable message with a link back to the thing that changed, in the format each expects.

export interface EventForDelivery {
  id: string;
  type: string;
  createdAt: Date;
  data: unknown;
  previous?: unknown;
}

/** Payloads larger than this are cut down to the resource's id (the receiver can fetch the rest). */
export const MAX_PAYLOAD_BYTES = 256 * 1_024;

type Resource = { id?: unknown; title?: unknown; name?: unknown; status?: unknown; body?: unknown; postId?: unknown };

function field(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export function standardPayload(event: EventForDelivery): string {
  const body = JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
  if (Buffer.byteLength(body) <= MAX_PAYLOAD_BYTES) return body;
  const id = (event.data as Resource | null)?.id;
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: { id, truncated: true } });
}

interface Summary {
  title: string;
  text: string;
  link: string | null;
}

/** One line of what happened, and where to see it. */
export function summarize(event: EventForDelivery, slug: string): Summary {
  const data = (event.data ?? {}) as Resource;
  const previous = (event.previous ?? {}) as Resource;
  const id = field(data.id);
  const title = field(data.title) ?? field(data.name) ?? id ?? "";
  const status = field(data.status)?.replaceAll("_", " ");
  const workspace = (path: string) => absoluteUrl(`/w/${encodeURIComponent(slug)}${path}`).toString();
  const [resource, verb] = event.type.split(".") as [string, string | undefined];
  const link =
    resource === "post" && id && verb !== "deleted" ? workspace(`/posts/${id}`)
    : resource === "comment" && field(data.postId) ? workspace(`/posts/${field(data.postId)}`)
    : resource === "release_note" && id ? workspace(`/changelog/${id}`)
    : resource === "incident" || resource === "status_component" ? workspace("/status")
    : resource === "monitor" || resource === "certificate" ? workspace("/status/monitors")
    : event.type === TEST_EVENT_TYPE ? workspace("/settings/webhooks")
    : null;
  const texts: Record<string, string> = {
    "post.created": `New post: “${title}”`,
    "post.updated": `Post edited: “${title}”`,
    "post.status_changed": `“${title}” moved${field(previous.status) ? ` from ${field(previous.status)!.replaceAll("_", " ")}` : ""} to ${status ?? "a new status"}`,
    "post.deleted": `Post deleted: “${title}”`,
    "comment.created": `New comment${field(data.body) ? `: “${field(data.body)!.slice(0, 200)}”` : ""}`,
    "release_note.published": `Published: “${title}”`,
    "release_note.updated": `Release note ${status === "draft" ? "unpublished" : "edited"}: “${title}”`,
    "incident.created": `Incident opened: “${title}”${status ? ` (${status})` : ""}`,
    "incident.updated": `Incident update: “${title}”${status ? ` is ${status}` : ""}`,
    "incident.resolved": `Incident resolved: “${title}”`,
    "status_component.status_changed": `${title} is now ${status ?? "changed"}`,
    ...monitorTexts(event.data),
    [TEST_EVENT_TYPE]: "Test event from Workspace: this endpoint is connected.",
  };
  const text = texts[event.type] ?? `${event.type}${title ? `: ${title}` : ""}`;
  return { title: event.type, text, link };
}

/** The sentences of the monitor events, whose data wraps the monitor with the reason. */
function monitorTexts(data: unknown): Record<string, string> {
  const { monitor, reason, daysLeft } = (data ?? {}) as { monitor?: Resource; reason?: unknown; daysLeft?: unknown };
  const name = field(monitor?.name) ?? "A monitor";
  const why = field(reason) ? `: ${field(reason)}` : "";
  return {
    "monitor.down": `${name} is down${why}`,
    "monitor.up": `${name} is up again`,
    "monitor.degraded": `${name} is degraded${why}`,
    "certificate.expiring": `The certificate of ${name} expires in ${typeof daysLeft === "number" ? daysLeft : "a few"} days`,
  };
}

/**
 * Slack reads `&`, `<` and `>` as its own markup in every text it shows (the `text` fallback of
 * notifications and of clients without blocks included): `<!channel>` pings a channel and
 * `<url|label>` is a link under any label. Its documented escapes make them plain characters.
 */
function escapeSlack(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

export function slackPayload(event: EventForDelivery, slug: string): string {
  const { text, link } = summarize(event, slug);
  const line = escapeSlack(text);
  return JSON.stringify({
    text: link ? `${line} ${escapeSlack(link)}` : line,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: link ? `${line}\n<${link}|Open in Workspace>` : line } },
      { type: "context", elements: [{ type: "mrkdwn", text: `\`${event.type}\` · ${event.createdAt.toISOString()}` }] },
    ],
  });
}

export function discordPayload(event: EventForDelivery, slug: string): string {
  const { text, link } = summarize(event, slug);
  return JSON.stringify({
    embeds: [
      {
        title: text.slice(0, 256),
        ...(link ? { url: link } : {}),
        description: `\`${event.type}\``,
        timestamp: event.createdAt.toISOString(),
      },
    ],
    allowed_mentions: { parse: [] },
  });
}

export function messageBody(kind: WebhookKind, event: EventForDelivery, slug: string): string {
  if (kind === "SLACK") return slackPayload(event, slug);
  if (kind === "DISCORD") return discordPayload(event, slug);
  return standardPayload(event);
}
