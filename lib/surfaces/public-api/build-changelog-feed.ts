import { escapeXml } from "@/lib/platform/text/escape-xml";
import type { PublishedWorkspace } from "@/lib/domain/workspaces/find-published-workspace";
import type { PublicReleaseNote } from "@/lib/domain/changelog/view";

// The changelog as an Atom 1.0 feed (RFC 4287), which every common feed reader accepts. Entry
// content is the safely rendered Markdown (see lib/platform/text), carried as escaped HTML.
export const FEED_ENTRIES = 50;

export function buildChangelogFeed(workspace: PublishedWorkspace, notes: PublicReleaseNote[], origin: string): string {
  const portal = `${origin}/p/${encodeURIComponent(workspace.slug)}/changelog`;
  const self = `${origin}/api/public/${encodeURIComponent(workspace.slug)}/changelog/feed.xml`;
  // A feed without entries still needs an <updated>; the epoch says "nothing yet" stably (same ETag).
  const updated = notes[0]?.publishedAt ?? new Date(0).toISOString();
  const entries = notes.map((note) => {
    const link = `${portal}/${encodeURIComponent(note.id)}`;
    return [
      "<entry>",
      `<id>${escapeXml(link)}</id>`,
      `<title type="text">${escapeXml(note.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `<published>${note.publishedAt}</published>`,
      `<updated>${note.publishedAt}</updated>`,
      `<content type="html">${escapeXml(note.html)}</content>`,
      "</entry>",
    ].join("");
  });
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    `<id>${escapeXml(self)}</id>`,
    `<title type="text">${escapeXml(`${workspace.name} changelog`)}</title>`,
    `<subtitle type="text">${escapeXml(`Release notes from ${workspace.name}`)}</subtitle>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(portal)}"/>`,
    `<updated>${updated}</updated>`,
    `<author><name>${escapeXml(workspace.name)}</name></author>`,
    `<generator>Workspace</generator>`,
    ...entries,
    `</feed>`,
    "",
  ].join("\n");
}
