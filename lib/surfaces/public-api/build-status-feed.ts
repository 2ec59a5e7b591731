import { formatDateTime, formatUtcDateTime } from "@/lib/platform/text/format-date";
import { escapeXml } from "@/lib/platform/text/escape-xml";
import type { PublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";

// The status page's incidents and maintenance windows as an Atom 1.0 feed (RFC 4287), for feed
// readers and chat integrations that follow a status page. Entries are newest change first; each
// incident carries its whole timeline, so a reader sees the latest update without the page. Times
// a reader sees are written as the status page writes them, in UTC; the Atom elements keep ISO 8601.
export const STATUS_FEED_INCIDENTS = 50;

interface FeedIncident {
  id: string;
  title: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  components: { name: string }[];
  updates: { status: string; message: string; createdAt: string }[];
}

interface FeedMaintenance {
  id: string;
  title: string;
  message: string;
  state: string;
  startsAt: string;
  endsAt: string;
}

function entry(input: { id: string; link: string; title: string; published: string; updated: string; html: string }): string {
  return [
    "<entry>",
    `<id>${escapeXml(input.id)}</id>`,
    `<title type="text">${escapeXml(input.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(input.link)}"/>`,
    `<published>${input.published}</published>`,
    `<updated>${input.updated}</updated>`,
    `<content type="html">${escapeXml(input.html)}</content>`,
    "</entry>",
  ].join("");
}

// Content is HTML carried escaped: every text piece is escaped once for HTML here, then the whole
// once more for XML by entry().
const html = (text: string) => escapeXml(text).replace(/\n/g, "<br/>");

export function buildStatusFeed(workspace: PublishedWorkspace, incidents: FeedIncident[], maintenances: FeedMaintenance[], origin: string): string {
  const page = `${origin}/p/${encodeURIComponent(workspace.slug)}/status`;
  const self = `${origin}/api/public/${encodeURIComponent(workspace.slug)}/status/feed.xml`;
  const items = [
    ...incidents.map((incident) => ({
      updated: incident.updatedAt,
      xml: entry({
        id: `${page}#incident-${incident.id}`,
        link: page,
        title: `${incident.title} (${incident.status})`,
        published: incident.createdAt,
        updated: incident.updatedAt,
        html: [
          incident.components.length ? `<p>Affects: ${html(incident.components.map((component) => component.name).join(", "))}</p>` : "",
          ...[...incident.updates].reverse().map((update) => `<p><strong>${html(update.status)}</strong> (${formatUtcDateTime(update.createdAt)}): ${html(update.message)}</p>`),
        ].join(""),
      }),
    })),
    ...maintenances.map((window) => ({
      updated: window.startsAt,
      xml: entry({
        id: `${page}#maintenance-${window.id}`,
        link: page,
        title: `Maintenance: ${window.title} (${window.state === "in_progress" ? "in progress" : window.state})`,
        published: window.startsAt,
        updated: window.startsAt,
        html: `<p>${formatDateTime(window.startsAt)} – ${formatUtcDateTime(window.endsAt)}</p>${window.message ? `<p>${html(window.message)}</p>` : ""}`,
      }),
    })),
  ].sort((a, b) => b.updated.localeCompare(a.updated));
  const updated = items[0]?.updated ?? new Date(0).toISOString();
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    `<id>${escapeXml(self)}</id>`,
    `<title type="text">${escapeXml(`${workspace.name} status`)}</title>`,
    `<subtitle type="text">${escapeXml(`Incidents and maintenance of ${workspace.name}`)}</subtitle>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(page)}"/>`,
    `<updated>${updated}</updated>`,
    `<author><name>${escapeXml(workspace.name)}</name></author>`,
    `<generator>Workspace</generator>`,
    ...items.map((item) => item.xml),
    `</feed>`,
    "",
  ].join("\n");
}
