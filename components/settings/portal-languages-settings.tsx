"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import { LOCALE_NAMES, PORTAL_LOCALES, type PortalLanguages, type PortalLocale } from "@/lib/platform/i18n/locales";
import { updatePortalLanguagesAction } from "@/lib/surfaces/actions/dashboard/settings";

type Props = {
  slug: string;
  languages: PortalLanguages;
  canManage: boolean;
};

const FIELDS = new Set(["defaultLocale", "locales"]);

/**
 * The portal's languages: the default (its unprefixed address, and what visitors see unless their
 * browser or their own choice asks for another offered language) and which languages it offers.
 */
export function PortalLanguagesSettings({ slug, languages, canManage }: Props) {
  const toast = useToast();
  const groupId = useId();
  const [saved, setSaved] = useState(languages);
  const [defaultLocale, setDefaultLocale] = useState<PortalLocale>(languages.defaultLocale);
  const [locales, setLocales] = useState<PortalLocale[]>(languages.locales);
  const { errors, pending, submit, formError } = useActionForm("The server did not answer; nothing was saved. Try again.");
  const changed = defaultLocale !== saved.defaultLocale || locales.join() !== saved.locales.join();
  const message = formError(FIELDS);

  function toggle(locale: PortalLocale, on: boolean) {
    setLocales((current) => PORTAL_LOCALES.filter((each) => (each === locale ? on : current.includes(each))));
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed || pending) return;
    await submit(
      () => updatePortalLanguagesAction(slug, { defaultLocale, locales }),
      (next) => {
        setSaved(next);
        setDefaultLocale(next.defaultLocale);
        setLocales(next.locales);
        toast.success("Portal languages saved.");
      },
    );
  }

  return (
    <section aria-labelledby="portal-languages-heading" className="rounded-xl border border-slate-200 bg-white">
      <div className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <h2 id="portal-languages-heading" className="font-medium text-slate-900">
          Portal languages
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">
          The portal speaks its default language at <span className="font-mono">/p/{slug}</span> and each other offered language under its own address, such as{" "}
          <span className="font-mono">/p/{slug}/de</span>. A first-time visitor is sent to the offered language their browser prefers; visitors can switch on every page.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate aria-busy={pending} className="max-w-lg space-y-4 px-4 py-5 sm:px-6" data-testid="portal-languages-form">
        {message ? <Alert>{message}</Alert> : null}
        <SelectField
          label="Default language"
          name="defaultLocale"
          value={defaultLocale}
          onChange={(event) => setDefaultLocale(event.target.value as PortalLocale)}
          error={errors.defaultLocale}
          disabled={!canManage || pending}
        >
          {PORTAL_LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </SelectField>
        <fieldset aria-describedby={errors.locales ? `${groupId}-error` : undefined} aria-invalid={errors.locales ? true : undefined}>
          <legend className="text-sm font-medium text-slate-800">Offered languages</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {PORTAL_LOCALES.map((locale) => (
              <label key={locale} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="locales"
                  value={locale}
                  checked={locales.includes(locale)}
                  onChange={(event) => toggle(locale, event.target.checked)}
                  disabled={!canManage || pending}
                  className="size-4 rounded border-slate-300"
                />
                <span lang={locale}>{LOCALE_NAMES[locale]}</span>
              </label>
            ))}
          </div>
          {errors.locales ? (
            <p id={`${groupId}-error`} role="alert" className="mt-1.5 text-sm text-red-600">
              {errors.locales}
            </p>
          ) : null}
        </fieldset>
        {canManage ? (
          <Button type="submit" disabled={!changed || pending} className="sm:min-w-32">
            {pending ? "Saving…" : "Save languages"}
          </Button>
        ) : null}
      </form>
    </section>
  );
}
