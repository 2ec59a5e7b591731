import { createRequire } from "node:module";
import path from "node:path";
import type { ReactElement } from "react";
import type { MailContent, MailMessage } from "./types";

// Mail templates are React components rendered to static HTML with react-dom/server. Next.js
// compiles server code under the "react-server" condition, where react-dom/server is a stub that
// throws, so it is loaded at run time through Node's own resolution (the full server renderer and
// its React) instead of through the bundle. Elements from either React are the same plain objects.
let renderer: ((element: ReactElement) => string) | undefined;

function renderToStaticMarkup(element: ReactElement): string {
  if (!renderer) {
    const nodeRequire = createRequire(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json"));
    renderer = (nodeRequire("react-dom/server") as typeof import("react-dom/server")).renderToStaticMarkup;
  }
  return renderer(element);
}

/** A template's content as the message that goes out: HTML with a doctype, and the text part. */
export function renderMail(to: string, content: MailContent): MailMessage {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(content.html)}`;
  return { to, subject: content.subject, text: content.text, html, ...(content.headers ? { headers: content.headers } : {}) };
}
