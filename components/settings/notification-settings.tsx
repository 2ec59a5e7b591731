"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import { updateNotificationSettingsAction } from "@/lib/surfaces/actions/dashboard/notification-settings";

type Settings = { notifyPostUpdates: boolean; notifyStatusSubscribers: boolean; notifyChangelogSubscribers: boolean };

type Props = {
  slug: string;
  settings: Settings;
  canManage: boolean;
};

const SWITCHES: { key: keyof Settings; label: string; description: string }[] = [
  { key: "notifyPostUpdates", label: "Post updates", description: "Mail a post's voters, commenters and author when its status changes or the team replies." },
  { key: "notifyStatusSubscribers", label: "Status page subscribers", description: "Mail the status page's subscribers about incidents and maintenance." },
  { key: "notifyChangelogSubscribers", label: "Changelog subscribers", description: "Mail the changelog's subscribers when a release note is published." },
];

/** Which kinds of notification mail the workspace sends. */
export function NotificationSettingsCard({ slug, settings, canManage }: Props) {
  const toast = useToast();
  const [saved, setSaved] = useState(settings);
  const [shown, setShown] = useState(settings);
  const { pending, submit, formError } = useActionForm("The server did not answer; nothing was saved. Try again.");
  const changed = SWITCHES.some(({ key }) => shown[key] !== saved[key]);
  const message = formError(new Set(SWITCHES.map(({ key }) => key)));

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed || pending) return;
    await submit(
      () => updateNotificationSettingsAction(slug, shown),
      (next) => {
        setSaved(next);
        setShown(next);
        toast.success("Notification settings saved.");
      },
    );
  }

  return (
    <section aria-labelledby="notification-settings-heading" className="rounded-xl border border-slate-200 bg-white">
      <div className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <h2 id="notification-settings-heading" className="font-medium text-slate-900">
          Notifications
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">
          Mail the workspace sends to people outside the team. Turned off, nothing of that kind goes out; each notification log still lists who was skipped.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate aria-busy={pending} className="max-w-lg space-y-4 px-4 py-5 sm:px-6" data-testid="notification-settings-form">
        {message ? <Alert>{message}</Alert> : null}
        {SWITCHES.map(({ key, label, description }) => (
          <Switch key={key} label={label} description={description} checked={shown[key]} disabled={!canManage || pending} onChange={(on) => setShown((current) => ({ ...current, [key]: on }))} />
        ))}
        {canManage ? (
          <Button type="submit" disabled={!changed || pending}>
            {pending ? "Saving…" : "Save"}
          </Button>
        ) : (
          <p className="text-sm text-slate-500">Only admins and owners change these.</p>
        )}
      </form>
    </section>
  );
}
