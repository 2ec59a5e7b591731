import path from "node:path";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { LocalTime } from "@/components/ui/local-time";
import { smtpUrl } from "@/lib/platform/mail/config";
import { outboxEntries, outboxFile } from "@/lib/platform/mail/outbox";

export const metadata: Metadata = { title: "Outbox (development)", robots: { index: false } };

// Development only: the mails `npm run dev` would have sent, since SMTP_URL is not set. Gone in
// production (404), where mail goes over SMTP or nowhere.
export default async function OutboxPage() {
  await connection();
  if (process.env.NODE_ENV === "production") notFound();
  const entries = outboxEntries();
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Outbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        {smtpUrl()
          ? "SMTP_URL is set, so mail goes to that server and nothing lands here."
          : `Development only: without SMTP_URL, mail lands here (and in the server log) instead of being sent. The last 50, newest first${outboxFile() ? `, kept in ${path.relative(process.cwd(), outboxFile()!)} across restarts` : ""}.`}
      </p>
      {entries.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-sm text-slate-600">No mail yet.</p>
      ) : (
        <ol className="mt-6 space-y-4" aria-label="Mails">
          {entries.map((mail) => (
            <li key={mail.id} className="rounded-xl border border-slate-200 bg-white p-5" data-testid="outbox-mail">
              <p className="font-medium">{mail.subject}</p>
              <p className="text-sm text-slate-600">
                To {mail.to} · <LocalTime value={mail.sentAt} />
              </p>
              <pre className="mt-3 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm text-slate-800">
                {linkify(mail.text)}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} className="font-medium text-indigo-700 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
