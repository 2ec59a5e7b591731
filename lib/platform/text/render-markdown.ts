import MarkdownIt from "markdown-it";

// Release notes are Markdown written by workspace admins and shown to anyone on the portal and in
// feed readers, so rendering must never let markup through:
// - `html: false`: raw HTML in the source is escaped as text (`<script>` shows as "<script>");
// - markdown-it's default validateLink refuses javascript:, vbscript:, file: and non-image data:
//   URLs, so such a link renders as plain text;
// - links leave with rel="nofollow ugc noopener noreferrer" (untrusted, user-generated).
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet("rel", "nofollow ugc noopener noreferrer");
  return defaultLinkOpen(tokens, index, options, env, self);
};

/** Markdown to HTML that is safe to insert into a page or a feed. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** The first paragraph as plain text, for summaries and social previews. */
export function markdownExcerpt(source: string, maxLength = 200): string {
  const text = markdown
    .renderInline(source.split(/\n\s*\n/)[0] ?? "")
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}
