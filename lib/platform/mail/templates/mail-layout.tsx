import type { ReactNode } from "react";

// Mail clients ignore stylesheets and most of CSS: inline styles, one column, a real link under
// the button for clients that block styled anchors.
const body = { margin: 0, padding: "24px 12px", background: "#f8fafc", fontFamily: "-apple-system, Segoe UI, Helvetica, Arial, sans-serif", color: "#0f172a" };
const card = { maxWidth: "480px", margin: "0 auto", background: "#ffffff", border: "1px solid #e2e8f0", borderRadius: "12px", padding: "28px" };
const button = { display: "inline-block", background: "#4f46e5", color: "#ffffff", textDecoration: "none", padding: "10px 18px", borderRadius: "6px", fontWeight: 600, fontSize: "14px" };
const small = { fontSize: "12px", color: "#64748b", lineHeight: "18px" };

/** `lang` and `dir` follow the mail's language (a portal visitor's may be Arabic, right-to-left). */
/** `heading` names who writes (a workspace's name on its portal's mail); the app's name otherwise. */
export function MailLayout({ title, children, lang = "en", dir = "ltr", heading = "Workspace" }: { title: string; children: ReactNode; lang?: string; dir?: "ltr" | "rtl"; heading?: string }) {
  return (
    <html lang={lang} dir={dir}>
      {/* A mail document, not a Next.js page: next/head has no place here. */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{title}</title>
      </head>
      <body style={body}>
        <div style={card}>
          <p style={{ margin: "0 0 20px", fontWeight: 600, fontSize: "16px" }}>{heading}</p>
          {children}
        </div>
      </body>
    </html>
  );
}

/** dir="auto" for a paragraph someone wrote (an incident's message): its own direction, not the mail's. */
export function MailParagraph({ children, dir }: { children: ReactNode; dir?: "auto" }) {
  return (
    <p dir={dir} style={{ fontSize: "14px", lineHeight: "22px", margin: "0 0 16px" }}>
      {children}
    </p>
  );
}

export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <p style={{ margin: "8px 0 20px" }}>
        <a href={href} style={button}>
          {children}
        </a>
      </p>
      <p style={small}>
        Or paste this link into your browser: <a href={href}>{href}</a>
      </p>
    </>
  );
}

export function MailFootnote({ children }: { children: ReactNode }) {
  return <p style={{ ...small, marginTop: "20px" }}>{children}</p>;
}
