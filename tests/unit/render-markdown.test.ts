import { describe, expect, it } from "vitest";
import { markdownExcerpt, renderMarkdown } from "@/lib/platform/text/render-markdown";
import { escapeXml } from "@/lib/platform/text/escape-xml";

describe("release-note Markdown", () => {
  it("renders ordinary Markdown", () => {
    expect(renderMarkdown("## New\n\n- **bold** and `code`\n- [docs](https://example.org/docs)")).toBe(
      '<h2>New</h2>\n<ul>\n<li><strong>bold</strong> and <code>code</code></li>\n<li><a href="https://example.org/docs" rel="nofollow ugc noopener noreferrer">docs</a></li>\n</ul>\n',
    );
  });

  it.each([
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    "<iframe src=//evil></iframe>",
    "<svg onload=alert(1)>",
  ])("raw HTML comes out as text: %s", (source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<(script|img|a|iframe|svg)\b/i);
    expect(html).toContain("&lt;");
  });

  it.each(["javascript:alert(1)", "JAVASCRIPT:alert(1)", "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD4=", "java\tscript:alert(1)"])(
    "a %s link is not a link",
    (href) => {
      const html = renderMarkdown(`[click](${href}) <${href}>`);
      expect(html).not.toMatch(/<a\b/i);
      expect(html).not.toMatch(/href=/i);
    },
  );

  it("an image with an event handler in its title stays inert", () => {
    const html = renderMarkdown('![x](https://example.org/a.png "a\\" onerror=\\"alert(1)")');
    expect(html).not.toMatch(/onerror="/);
  });

  it("excerpts the first paragraph as plain text", () => {
    expect(markdownExcerpt("The **roadmap** <b>now</b> & more.\n\nSecond")).toBe("The roadmap <b>now</b> & more.");
    expect(markdownExcerpt("x".repeat(300), 20)).toHaveLength(20);
  });
});

describe("XML escaping", () => {
  it("escapes markup and drops characters XML cannot hold", () => {
    expect(escapeXml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&apos;y&apos;&gt;&amp;&lt;/a&gt;");
    expect(escapeXml("a\u0000b\u0007c\ud800d\uffffe\tf\n🚀")).toBe("abcde\tf\n🚀");
  });
});
