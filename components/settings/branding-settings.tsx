"use client";

import { useEffect, useRef, useState } from "react";
import { PortalBrand } from "@/components/portal/portal-brand";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import { accentColorSchema, accentStyle, textOnAccent } from "@/lib/domain/branding/accent";
import type { BrandingView } from "@/lib/domain/branding/branding-view";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_TYPES } from "@/lib/domain/branding/logo-file";
import type { FormResult } from "@/lib/platform/forms/forms";
import { SettingsSection } from "./settings-section";
import { removeLogoAction, updateAccentAction, uploadLogoAction } from "@/lib/surfaces/actions/dashboard/settings";

type Props = {
  workspace: { slug: string; name: string };
  accentColor: string | null;
  logoUrl: string | null;
  canManage: boolean;
};

const DEFAULT_ACCENT = "#4f46e5";
const FIELDS = new Set(["accentColor", "logo"]);

/** The portal's accent colour and logo, with a preview of the portal's header before saving. */
export function BrandingSettings({ workspace, accentColor, logoUrl, canManage }: Props) {
  const toast = useToast();
  const [accent, setAccent] = useState(accentColor ?? "");
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const { errors, setErrors, pending, submit, formError: formErrorBeside } = useActionForm("The server did not answer; nothing was saved. Try again.");

  // The chosen file is shown from memory (a blob: address) until it is saved; each address is
  // released when another file replaces it or the form goes.
  const chosenUrl = useRef<string | null>(null);
  useEffect(() => () => void (chosenUrl.current && URL.revokeObjectURL(chosenUrl.current)), []);
  function setFile(next: File | null) {
    if (chosenUrl.current) URL.revokeObjectURL(chosenUrl.current);
    chosenUrl.current = next ? URL.createObjectURL(next) : null;
    setChosen(next && chosenUrl.current ? { file: next, url: chosenUrl.current } : null);
  }
  const file = chosen?.file ?? null;
  const previewUrl = chosen?.url ?? null;

  const parsedAccent = accent.trim() === "" ? null : accentColorSchema.safeParse(accent);
  const previewAccent = parsedAccent?.success ? parsedAccent.data : DEFAULT_ACCENT;
  const accentChanged = (parsedAccent?.success ? parsedAccent.data : accent.trim() || null) !== accentColor;
  const changed = accentChanged || file !== null;
  const formError = formErrorBeside(FIELDS);

  function chooseFile(chosen: File | null) {
    setErrors({});
    if (chosen && chosen.size > LOGO_MAX_BYTES) {
      setErrors({ logo: LOGO_MESSAGES.tooLarge });
      setFileKey((key) => key + 1);
      return setFile(null);
    }
    setFile(chosen);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed || pending) return;
    if (parsedAccent && !parsedAccent.success) return setErrors({ accentColor: parsedAccent.error.issues[0]?.message ?? "" });
    await submit(
      async () => {
        let result: FormResult<BrandingView> | null = null;
        if (accentChanged) result = await updateAccentAction(workspace.slug, { accentColor: accent.trim() === "" ? null : accent });
        if (file && (!result || result.ok)) {
          const form = new FormData();
          form.set("logo", file);
          result = await uploadLogoAction(workspace.slug, form);
        }
        return result!;
      },
      (saved) => {
        setAccent(saved.accentColor ?? "");
        setFile(null);
        setFileKey((key) => key + 1);
        toast.success("Branding saved.");
      },
    );
  }

  async function onRemoveLogo() {
    await submit(() => removeLogoAction(workspace.slug), () => toast.success("The logo was removed."));
  }

  const shownLogo = previewUrl ?? logoUrl;
  return (
    <SettingsSection id="branding-heading" title="Portal branding" description="The accent colour and logo visitors see on the public portal.">
      <div className="grid gap-6 lg:grid-cols-2">
        <form onSubmit={onSubmit} noValidate aria-busy={pending} className="space-y-4">
          {formError ? <Alert>{formError}</Alert> : null}
          <div className="flex items-start gap-3">
            <Field
              label="Accent colour"
              name="accentColor"
              value={accent}
              placeholder={DEFAULT_ACCENT}
              onChange={(event) => setAccent(event.target.value)}
              error={errors.accentColor}
              readOnly={!canManage || pending}
              autoComplete="off"
              spellCheck={false}
              maxLength={7}
              hint="A hex colour; empty keeps the default indigo. Button text turns white or black, whichever reads better."
              className="min-w-0 flex-1"
            />
            <input
              type="color"
              aria-label="Pick the accent colour"
              value={previewAccent}
              disabled={!canManage || pending}
              onChange={(event) => setAccent(event.target.value)}
              className="mt-6 h-9 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
            />
          </div>
          <div className="space-y-1">
            <label htmlFor="logo-file" className="block text-sm font-medium text-slate-800">
              Logo
            </label>
            <input
              key={fileKey}
              id="logo-file"
              name="logo"
              type="file"
              accept={LOGO_TYPES.join(",")}
              disabled={!canManage || pending}
              aria-invalid={errors.logo ? true : undefined}
              aria-describedby={errors.logo ? "logo-error" : "logo-hint"}
              onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800"
            />
            {errors.logo ? (
              <p id="logo-error" className="text-sm text-red-600" role="alert">
                {errors.logo}
              </p>
            ) : (
              <p id="logo-hint" className="text-xs text-slate-500">
                PNG, JPEG, WebP or GIF, at most {LOGO_MAX_BYTES / 1024} KiB. Also the portal&apos;s browser-tab icon. SVG is not accepted.
              </p>
            )}
          </div>
          {canManage ? (
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={!changed || pending} className="sm:min-w-32">
                {pending ? "Saving…" : "Save branding"}
              </Button>
              {changed && !pending ? (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setAccent(accentColor ?? "");
                    setFile(null);
                    setFileKey((key) => key + 1);
                    setErrors({});
                  }}
                >
                  Discard
                </Button>
              ) : null}
              {logoUrl && !file && !pending ? (
                <Button variant="secondary" onClick={onRemoveLogo}>
                  Remove logo
                </Button>
              ) : null}
            </div>
          ) : null}
        </form>
        <div>
          <p className="mb-2 text-sm font-medium text-slate-800" id="branding-preview-label">
            Preview
          </p>
          {/* A miniature of the portal's header and a filled button, painted like the portal will be. */}
          <div
            role="img"
            aria-labelledby="branding-preview-label"
            data-accent=""
            style={accentStyle(previewAccent) as React.CSSProperties}
            className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
            data-testid="branding-preview"
          >
            <div className="border-b border-slate-200 bg-white px-4 py-3 text-base font-semibold text-slate-900">
              <PortalBrand name={workspace.name} logoUrl={shownLogo} />
              <div className="mt-2 flex gap-4 text-sm font-medium">
                <span className="border-b-2 border-indigo-600 pb-1 text-slate-900">Boards</span>
                <span className="pb-1 text-slate-600">Roadmap</span>
              </div>
            </div>
            <div className="p-4">
              <span className="inline-flex rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white">Submit an idea</span>
              <p className="mt-2 text-xs text-slate-600">
                Button text: {textOnAccent(previewAccent) === "#ffffff" ? "white" : "black"} on {previewAccent}
              </p>
            </div>
          </div>
        </div>
      </div>
    </SettingsSection>
  );
}
