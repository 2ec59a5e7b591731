"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import { AccountSection } from "./account-section";
import { changeNameAction } from "@/lib/surfaces/actions/dashboard/account";

type Props = { name: string | null };

export function NameForm({ name: saved }: Props) {
  const router = useRouter();
  const toast = useToast();
  const [name, setName] = useState(saved ?? "");
  const { errors, pending, submit, formError } = useActionForm("The server did not answer; nothing was saved. Try again.");
  const message = formError(new Set(["name"]));
  const changed = name.trim() !== (saved ?? "");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed || pending) return;
    await submit(
      () => changeNameAction({ name }),
      (data) => {
        setName(data.name ?? "");
        toast.success(data.name ? "Name saved." : "Name removed; people see your address instead.");
        router.refresh();
      },
    );
  }

  return (
    <AccountSection id="name-heading" title="Name" description="Shown to the people in your workspaces, on posts and comments you write.">
      <form onSubmit={onSubmit} noValidate aria-busy={pending} className="max-w-lg space-y-4">
        {message ? <Alert>{message}</Alert> : null}
        <Field label="Name" name="name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} maxLength={100} readOnly={pending} />
        <Button type="submit" disabled={!changed || pending} className="sm:min-w-32">
          {pending ? "Saving…" : "Save name"}
        </Button>
      </form>
    </AccountSection>
  );
}
