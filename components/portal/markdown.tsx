import { renderMarkdown } from "@/lib/platform/text/render-markdown";

/**
 * A release note's Markdown. renderMarkdown escapes raw HTML and drops unsafe links, which is what
 * makes dangerouslySetInnerHTML safe here; nothing else on the portal inserts HTML. The note keeps
 * the direction it was written in (an English note inside an Arabic page reads left to right), and
 * its quotes and lists indent on the side where its lines start. Code blocks take the page's own
 * quiet surface (slate-50 on a white card): the dark scheme remaps the palette, so a block drawn
 * dark on purpose turned into a white slab there.
 */
export function Markdown({ source, className = "" }: { source: string; className?: string }) {
  return (
    <div
      dir="auto"
      className={`space-y-3 leading-relaxed text-slate-700 [&_a]:text-indigo-700 [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-slate-200 [&_blockquote]:ps-4 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ms-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:border [&_pre]:border-slate-200 [&_pre]:bg-slate-50 [&_pre]:p-3 [&_pre]:text-slate-800 [&_pre_code]:bg-transparent [&_ul]:list-disc ${className}`}
      dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }}
    />
  );
}
