import { describe, expect, it } from "vitest";
import { renderMail } from "@/lib/platform/mail/render";
import { postUpdateMail } from "@/lib/platform/mail/templates/post-update";
import { subscriberUpdateMail } from "@/lib/platform/mail/templates/subscriber-mails";

// What people wrote keeps its own direction inside a mail in another language: an English title
// in an Arabic sentence is isolated, an incident's message is a paragraph of its own direction.
describe("user-written text in mails", () => {
  it("the post's title and the workspace's name are isolated inside the translated sentence", () => {
    const mail = renderMail(
      "a@example.test",
      postUpdateMail({
        workspaceName: "Acme",
        postTitle: "Dark mode.",
        update: { kind: "reply", body: "Fixed." },
        postLink: "https://app.example.test/p/acme/posts/1",
        unsubscribeLink: "https://app.example.test/u",
        oneClickLink: "https://app.example.test/u1",
        locale: "ar",
      }),
    );
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain("<bdi>Dark mode.</bdi>");
    expect(mail.html).toContain("<bdi>Acme</bdi>");
    expect(mail.html).toMatch(/<p[^>]*dir="auto"[^>]*>Fixed\.<\/p>/);
  });

  it("an incident's message to a subscriber takes its own direction", () => {
    const mail = renderMail(
      "a@example.test",
      subscriberUpdateMail(
        { workspaceName: "Acme", topic: "STATUS", heading: "API", lines: ["Fixed. Latency is back to normal."], link: { href: "https://app.example.test/p/acme/status", label: "viewStatus" }, subject: "API" },
        { locale: "ar", manageLink: "https://app.example.test/m", headers: {} },
      ),
    );
    expect(mail.html).toMatch(/<p dir="auto"[^>]*>Fixed\. Latency is back to normal\.<\/p>/);
  });
});
