"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useActionForm, STAY_PENDING } from "@/components/ui/use-action-form";
import { suggestSlug } from "@/lib/domain/workspaces/schemas";
import { createWorkspaceAction } from "@/lib/surfaces/actions/dashboard/new-workspace";

export function CreateWorkspaceForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const { errors, pending, submit } = useActionForm("Something went wrong. Try again.");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit(
      () => createWorkspaceAction({ name, slug }),
      (workspace) => {
        router.push(`/w/${workspace.slug}`);
        return STAY_PENDING;
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6" noValidate>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <Field
        label="Name"
        name="name"
        value={name}
        required
        error={errors.name}
        onChange={(event) => {
          setName(event.target.value);
          if (!slugEdited) setSlug(suggestSlug(event.target.value));
        }}
      />
      <Field
        label="Slug"
        name="slug"
        value={slug}
        required
        error={errors.slug}
        hint="Lowercase letters, digits and hyphens; 3–40 characters. Used in your portal's address."
        onChange={(event) => {
          setSlugEdited(true);
          setSlug(event.target.value);
        }}
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create workspace"}
      </Button>
    </form>
  );
}
