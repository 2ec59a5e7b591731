"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { humanize } from "@/components/portal/format";
import { useToast } from "@/components/ui/toast";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import { STATUS_NOTE_MAX_LENGTH } from "@/lib/domain/posts/status-note";
import { changeStatusAction, setRoadmapItemAction } from "@/lib/surfaces/actions/dashboard/post";

const selectClass = "block w-full rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm shadow-sm disabled:bg-slate-50 disabled:text-slate-500";

/** The status, offering only the moves lib/domain/posts/status-rules.ts allows from where the post is now. */
export function StatusSelect({ slug, postId, status, allowed }: { slug: string; postId: string; status: PostStatus; allowed: PostStatus[] }) {
  const router = useRouter();
  const toast = useToast();
  const id = useId();
  const [pending, startTransition] = useTransition();
  // Saved on change, by a handler that exists once React has hydrated the page.
  const hydrated = useHydrated();
  const [shown, setShown] = useState(status);
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | null>(null);

  function change(next: PostStatus) {
    setShown(next);
    setNoteError(null);
    startTransition(async () => {
      try {
        const result = await changeStatusAction(slug, postId, next, note);
        if (result.ok) {
          toast.success(`Status: ${humanize(result.data.status)}.`);
          setNote("");
        } else {
          setShown(status);
          if (result.fieldErrors.note) setNoteError(result.fieldErrors.note);
          toast.error(Object.values(result.fieldErrors)[0] ?? "The status was not changed.");
        }
      } catch {
        setShown(status);
        toast.error("The server did not answer; the status was not changed.");
      }
      router.refresh();
    });
  }

  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-500">
        Status
      </label>
      <select id={id} value={shown} disabled={pending || !hydrated} onChange={(event) => change(event.target.value as PostStatus)} className={`mt-1 ${selectClass}`}>
        <option value={status}>{humanize(status)}</option>
        {allowed.map((next) => (
          <option key={next} value={next}>
            {next === "open" && status === "closed" ? "Reopen" : `→ ${humanize(next)}`}
          </option>
        ))}
      </select>
      <p className="mt-1 text-xs text-slate-500">
        {status === "closed" ? "A closed post can be reopened." : "Moves forward (steps can be skipped) or closes."} The post&apos;s voters, commenters and author are
        mailed.
      </p>
      <details className="mt-2 text-sm" open={note !== "" || noteError !== null}>
        <summary className="cursor-pointer text-xs font-medium text-indigo-700">Add a note to voters</summary>
        <label htmlFor={`${id}-note`} className="mt-2 block text-xs font-medium text-slate-500">
          Note to voters (optional)
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={3}
          maxLength={STATUS_NOTE_MAX_LENGTH}
          value={note}
          disabled={pending}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={`${id}-note-help`}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm shadow-sm disabled:bg-slate-50"
        />
        <p id={`${id}-note-help`} className={`mt-1 text-xs ${noteError ? "text-red-700" : "text-slate-500"}`}>
          {noteError ?? "Sent with the next status change, quoted in the mail."}
        </p>
      </details>
    </div>
  );
}

type RoadmapChoice = { id: string; title: string; stage: string };

/** Which roadmap item this post is part of, if any. */
export function RoadmapSelect({ slug, postId, current, choices }: { slug: string; postId: string; current: string | null; choices: RoadmapChoice[] }) {
  const router = useRouter();
  const toast = useToast();
  const id = useId();
  const [pending, startTransition] = useTransition();
  // Saved on change, by a handler that exists once React has hydrated the page.
  const hydrated = useHydrated();
  const [shown, setShown] = useState(current ?? "");

  function change(next: string) {
    setShown(next);
    startTransition(async () => {
      try {
        const result = await setRoadmapItemAction(slug, postId, next || null);
        if (result.ok) toast.success(next ? "Linked to the roadmap." : "Removed from the roadmap.");
        else {
          setShown(current ?? "");
          toast.error(Object.values(result.fieldErrors)[0] ?? "The roadmap link was not changed.");
        }
      } catch {
        setShown(current ?? "");
        toast.error("The server did not answer; the roadmap link was not changed.");
      }
      router.refresh();
    });
  }

  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-500">
        Roadmap item
      </label>
      <select id={id} value={shown} disabled={pending || !hydrated} onChange={(event) => change(event.target.value)} className={`mt-1 ${selectClass}`}>
        <option value="">Not on the roadmap</option>
        {choices.map((item) => (
          <option key={item.id} value={item.id}>
            {item.title} ({humanize(item.stage)})
          </option>
        ))}
      </select>
      {choices.length === 0 ? <p className="mt-1 text-xs text-slate-500">The roadmap has no items yet.</p> : null}
    </div>
  );
}
