"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useActionForm } from "@/components/ui/use-action-form";
import { commentAction } from "@/lib/surfaces/actions/portal/feedback";

export function CommentForm({ slug, postId }: { slug: string; postId: string }) {
  const t = useTranslations("Forms");
  const router = useRouter();
  const id = useId();
  const [body, setBody] = useState("");
  const { errors, pending, submit } = useActionForm(t("commentNotSaved"));

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit(
      () => commentAction(slug, postId, body),
      () => {
        setBody("");
        router.refresh();
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t("commentLabel")}
      </label>
      <textarea
        id={id}
        name="body"
        rows={3}
        maxLength={5000}
        required
        value={body}
        onChange={(event) => setBody(event.target.value)}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={errors.body ? `${id}-error` : undefined}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 ${errors.body ? "border-red-500" : "border-slate-300"}`}
        placeholder={t("commentPlaceholder")}
      />
      {errors.body ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {errors.body}
        </p>
      ) : null}
      <Button type="submit" disabled={pending || body.trim().length === 0}>
        {pending ? t("posting") : t("postComment")}
      </Button>
    </form>
  );
}
