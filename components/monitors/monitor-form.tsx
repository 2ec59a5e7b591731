"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { useActionForm } from "@/components/ui/use-action-form";
import type { MonitorView } from "@/lib/domain/monitors/monitor-view";
import type { CreateMonitorInput } from "@/lib/domain/monitors/schemas";
import { createMonitorAction } from "@/lib/surfaces/actions/dashboard/monitors";
import { INTERVAL_LABELS } from "./monitor-labels";

const FIELDS = new Set(["componentId", "name", "kind", "url", "host", "port", "intervalSeconds", "failuresToDown", "keyword", "incidentMode"]);

interface Props {
  slug: string;
  components: { id: string; name: string }[];
  onCreated: (monitor: MonitorView) => void;
}

/** Adds a monitor: what it checks, how often, and what happens when it fails. */
export function MonitorForm({ slug, components, onCreated }: Props) {
  const [kind, setKind] = useState<"http" | "tcp" | "heartbeat">("http");
  const [componentId, setComponentId] = useState(components[0]?.id ?? "");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [keyword, setKeyword] = useState("");
  const [host, setHost] = useState("");
  const [port, setPort] = useState("");
  const [intervalSeconds, setIntervalSeconds] = useState("60");
  const [failuresToDown, setFailuresToDown] = useState("2");
  const [incidentMode, setIncidentMode] = useState<"draft" | "publish">("draft");
  const { errors, pending, submit, formError } = useActionForm("The server did not answer; nothing was saved. Try again.");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const common = { componentId, name, intervalSeconds: Number(intervalSeconds), failuresToDown: Number(failuresToDown), incidentMode };
    const input: CreateMonitorInput =
      kind === "http"
        ? { kind, ...common, url, keyword: keyword.trim() ? keyword : null }
        : kind === "tcp"
          ? { kind, ...common, host, port: Number(port) }
          : { kind, ...common };
    await submit(
      () => createMonitorAction(slug, input),
      (monitor) => {
        setName("");
        setUrl("");
        setKeyword("");
        onCreated(monitor);
      },
    );
  }

  const message = formError(FIELDS);
  return (
    <section aria-labelledby="add-monitor-heading" className="space-y-3">
      <h2 id="add-monitor-heading" className="font-medium text-slate-900">
        Add a monitor
      </h2>
      <form onSubmit={onSubmit} noValidate aria-busy={pending} className="space-y-4 rounded-xl border border-slate-200 bg-white px-5 py-5" data-testid="monitor-form">
        {message ? <Alert>{message}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Component" name="componentId" value={componentId} onChange={(event) => setComponentId(event.target.value)} error={errors.componentId}>
            {components.map((component) => (
              <option key={component.id} value={component.id}>
                {component.name}
              </option>
            ))}
          </SelectField>
          <Field label="Name" name="name" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} maxLength={100} autoComplete="off" placeholder="e.g. API health" />
          <SelectField label="Check" name="kind" value={kind} onChange={(event) => setKind(event.target.value as typeof kind)} error={errors.kind}>
            <option value="http">HTTP(S) request</option>
            <option value="tcp">TCP port</option>
            <option value="heartbeat">Heartbeat (your job calls us)</option>
          </SelectField>
          <SelectField label="Every" name="intervalSeconds" value={intervalSeconds} onChange={(event) => setIntervalSeconds(event.target.value)} error={errors.intervalSeconds}>
            {Object.entries(INTERVAL_LABELS).map(([seconds, label]) => (
              <option key={seconds} value={seconds}>
                {label}
              </option>
            ))}
          </SelectField>
          {kind === "http" ? (
            <>
              <Field label="URL" name="url" type="url" value={url} onChange={(event) => setUrl(event.target.value)} error={errors.url} placeholder="https://api.example.com/health" autoComplete="off" />
              <Field label="Must contain (optional)" name="keyword" value={keyword} onChange={(event) => setKeyword(event.target.value)} error={errors.keyword} hint="Text, or $.path=value for a JSON value." autoComplete="off" />
            </>
          ) : null}
          {kind === "tcp" ? (
            <>
              <Field label="Host" name="host" value={host} onChange={(event) => setHost(event.target.value)} error={errors.host} placeholder="db.example.com" autoComplete="off" />
              <Field label="Port" name="port" inputMode="numeric" value={port} onChange={(event) => setPort(event.target.value)} error={errors.port} placeholder="5432" autoComplete="off" />
            </>
          ) : null}
          <SelectField label="Down after" name="failuresToDown" value={failuresToDown} onChange={(event) => setFailuresToDown(event.target.value)} error={errors.failuresToDown}>
            {[1, 2, 3, 5].map((count) => (
              <option key={count} value={count}>
                {count === 1 ? "1 failed check" : `${count} failed checks in a row`}
              </option>
            ))}
          </SelectField>
          <SelectField label="When it goes down" name="incidentMode" value={incidentMode} onChange={(event) => setIncidentMode(event.target.value as typeof incidentMode)} error={errors.incidentMode}>
            <option value="draft">Open a draft incident for the team to publish</option>
            <option value="publish">Publish an incident at once</option>
          </SelectField>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={pending} data-testid="add-monitor">
            {pending ? "Adding…" : "Add monitor"}
          </Button>
        </div>
      </form>
    </section>
  );
}
