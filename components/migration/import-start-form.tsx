"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { MigrationActions } from "./migration-actions";

export const SOURCES = [
  { value: "canny", label: "Canny", kind: "api", hint: "Canny → Settings → API & Webhooks: copy the secret API key." },
  { value: "statuspage", label: "Statuspage", kind: "api", hint: "Statuspage → your avatar → API info: an API key and the page id." },
  { value: "own", label: "An export of this product (.zip)", kind: "file", accept: ".zip,application/zip", hint: "The archive from Settings → Import & export of another workspace." },
] as const;

type Source = (typeof SOURCES)[number]["value"];

/** Chooses a source and starts its preview: a key (and page id) for an API, a file otherwise. */
export function ImportStartForm({ slug, actions, disabled }: { slug: string; actions: MigrationActions; disabled: boolean }) {
  const router = useRouter();
  const [source, setSource] = useState<Source>("canny");
  const [apiKey, setApiKey] = useState("");
  const [pageId, setPageId] = useState("");
  const [subscribers, setSubscribers] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const { errors, setErrors, pending, setPending, submit, formError } = useActionForm("The server did not answer; nothing was started. Try again.");
  const chosen = SOURCES.find((candidate) => candidate.value === source)!;
  const message = formError(new Set(["options.apiKey", "options.pageId", "file"]));

  async function upload() {
    if (!file) return setErrors({ file: "Choose the file to import." });
    setPending(true);
    setErrors({});
    try {
      const response = await fetch(`/w/${slug}/settings/migration/upload?source=${source}`, { method: "POST", body: file, headers: { "content-type": file.type || "application/octet-stream" } });
      const answer = (await response.json()) as { success: boolean; error?: string; details?: { path: string; message: string }[] };
      if (!answer.success) {
        const field = answer.details?.find((detail) => detail.path === "file");
        return setErrors(field ? { file: field.message } : { form: answer.error ?? "The file was refused." });
      }
      setFile(null);
      router.refresh();
    } catch {
      setErrors({ form: "The upload did not finish; nothing was started. Try again." });
    } finally {
      setPending(false);
    }
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || disabled) return;
    if (chosen.kind === "file") return upload();
    const options = source === "statuspage" ? { apiKey, pageId, includeSubscribers: subscribers } : { apiKey };
    await submit(
      () => actions.startApiImport(slug, source, options),
      () => {
        setApiKey("");
        router.refresh();
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="max-w-lg space-y-4" data-testid="import-start-form">
      {message ? <Alert>{message}</Alert> : null}
      <SelectField label="Import from" value={source} onChange={(event) => setSource(event.target.value as Source)} hint={chosen.hint} disabled={pending}>
        {SOURCES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      {chosen.kind === "api" ? (
        <Field label="API key" type="password" autoComplete="off" value={apiKey} onChange={(event) => setApiKey(event.target.value)} error={errors["options.apiKey"]} disabled={pending} />
      ) : (
        <Field
          label="File"
          type="file"
          accept={"accept" in chosen ? chosen.accept : undefined}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          error={errors.file}
          disabled={pending}
        />
      )}
      {source === "statuspage" ? (
        <>
          <Field label="Page id" value={pageId} onChange={(event) => setPageId(event.target.value)} error={errors["options.pageId"]} disabled={pending} />
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-slate-300" checked={subscribers} onChange={(event) => setSubscribers(event.target.checked)} disabled={pending} />
            <span>Also import email subscribers (they are not mailed by the import, and keep their confirmation).</span>
          </label>
        </>
      ) : null}
      <Button type="submit" disabled={pending || disabled}>
        {pending ? "Reading the source…" : "Preview import"}
      </Button>
      {disabled ? <p className="text-sm text-slate-500">An import is in progress; start the next one when it has finished.</p> : null}
    </form>
  );
}
