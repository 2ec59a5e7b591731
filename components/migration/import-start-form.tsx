"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { useActionForm } from "@/components/ui/use-action-form";
import { startApiImportAction } from "@/lib/surfaces/actions/dashboard/migration";

export const SOURCES = [
  { value: "canny", label: "Canny", kind: "api", hint: "Canny → Settings → API & Webhooks: copy the secret API key." },
  { value: "statuspage", label: "Statuspage", kind: "api", hint: "Statuspage → your avatar → API info: an API key and the page id." },
  { value: "own", label: "An export of this product (.zip)", kind: "file", accept: ".zip,application/zip", hint: "The archive from Settings → Import & export of another workspace." },
  { value: "fider", label: "Fider (backup .zip or posts .csv)", kind: "file", accept: ".zip,.csv,application/zip,text/csv", hint: "Fider → Administration → Export: “Backup” (with voters and comments) or “Export posts” (counts only)." },
  { value: "csv", label: "A spreadsheet of posts (.csv)", kind: "file", accept: ".csv,text/csv", hint: "UTF-8 (or UTF-16) with a header row, at most 50 MiB. Say below which column holds what." },
] as const;

// The generic CSV's columns, each with the header name assumed until the admin changes it.
const CSV_FIELDS = [
  { key: "title", label: "Title column", initial: "Title" },
  { key: "details", label: "Details column", initial: "" },
  { key: "status", label: "Status column", initial: "" },
  { key: "votes", label: "Votes column (a count)", initial: "" },
  { key: "authorEmail", label: "Author email column", initial: "" },
  { key: "createdAt", label: "Created at column", initial: "" },
  { key: "tags", label: "Tags column", initial: "" },
  { key: "board", label: "Board column", initial: "" },
] as const;

/** "Their status = ours" lines into the status table the CSV source takes. */
function statusTable(text: string): Record<string, string> {
  const table: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const [theirs, ours] = line.split("=").map((part) => part.trim());
    if (theirs && ours) table[theirs] = ours.toLowerCase().replace(/[\s-]+/g, "_");
  }
  return table;
}

type Source = (typeof SOURCES)[number]["value"];

/** Chooses a source and starts its preview: a key (and page id) for an API, a file otherwise. */
export function ImportStartForm({ slug, disabled }: { slug: string; disabled: boolean }) {
  const router = useRouter();
  const [source, setSource] = useState<Source>("canny");
  const [apiKey, setApiKey] = useState("");
  const [pageId, setPageId] = useState("");
  const [subscribers, setSubscribers] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<Record<string, string>>(Object.fromEntries(CSV_FIELDS.map((field) => [field.key, field.initial])));
  const [statuses, setStatuses] = useState("");
  const { errors, setErrors, pending, setPending, submit, formError } = useActionForm("The server did not answer; nothing was started. Try again.");
  const chosen = SOURCES.find((candidate) => candidate.value === source)!;
  const message = formError(new Set(["options.apiKey", "options.pageId", "file", ...CSV_FIELDS.map((field) => `options.columns.${field.key}`)]));

  async function upload() {
    if (!file) return setErrors({ file: "Choose the file to import." });
    setPending(true);
    setErrors({});
    try {
      const options =
        source === "csv" ? { columns: Object.fromEntries(Object.entries(columns).filter(([, name]) => name.trim())), statuses: statusTable(statuses) } : {};
      const query = new URLSearchParams({ source, options: JSON.stringify(options) });
      const response = await fetch(`/w/${slug}/settings/migration/upload?${query}`, { method: "POST", body: file, headers: { "content-type": file.type || "application/octet-stream" } });
      const answer = (await response.json()) as { success: boolean; error?: string; details?: { path: string; message: string }[] };
      if (!answer.success) {
        const field = answer.details?.find((detail) => detail.path === "file");
        const fieldErrors = Object.fromEntries((answer.details ?? []).map((detail) => [detail.path, detail.message]));
        return setErrors(field ? { file: field.message } : { ...fieldErrors, form: answer.error ?? "The file was refused." });
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
      () => startApiImportAction(slug, source, options),
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
      {source === "csv" ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-900">Columns (the header names in your file; leave empty what it lacks)</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {CSV_FIELDS.map((field) => (
              <Field
                key={field.key}
                label={field.label}
                value={columns[field.key] ?? ""}
                onChange={(event) => setColumns((current) => ({ ...current, [field.key]: event.target.value }))}
                error={errors[`options.columns.${field.key}`]}
                disabled={pending}
              />
            ))}
          </div>
          <TextareaField
            label="Statuses whose names differ"
            hint="One a line, theirs = ours (open, under review, planned, in progress, completed, closed). The preview lists any it cannot place."
            rows={3}
            value={statuses}
            onChange={(event) => setStatuses(event.target.value)}
            placeholder={"Needs info = under review\nShipped = completed"}
            disabled={pending}
          />
        </fieldset>
      ) : null}
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
