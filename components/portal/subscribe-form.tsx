"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { subscribeAction } from "@/lib/surfaces/actions/portal/subscriptions";


/**
 * "Subscribe to updates": an address and, on the status page, the components to hear about (none
 * ticked means all). The answer is the same whether or not the address was subscribed already.
 */
export function SubscribeForm({ slug, topic, components = [] }: { slug: string; topic: "STATUS" | "CHANGELOG"; components?: { id: string; name: string }[] }) {
  const t = useTranslations("Subscriptions");
  const id = useId();
  const [email, setEmail] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [state, setState] = useState<"idle" | "pending" | "sent" | "invalid_email" | "rate_limited" | "not_found" | "unavailable">("idle");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState("pending");
    try {
      const result = await subscribeAction(slug, topic, email, chosen);
      setState(result.ok ? "sent" : result.reason);
    } catch {
      setState("unavailable");
    }
  }

  const error = state === "invalid_email" ? t("invalidEmail") : state === "rate_limited" ? t("rateLimited") : state === "not_found" || state === "unavailable" ? t("unavailable") : null;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-5" data-testid={`subscribe-${topic.toLowerCase()}`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {topic === "STATUS" ? t("statusTitle") : t("changelogTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{topic === "STATUS" ? t("statusIntro") : t("changelogIntro")}</p>
      {state === "sent" ? (
        <div className="mt-4">
          <Alert tone="success">{t("sent")}</Alert>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
                {t("email")}
              </label>
              <input
                id={`${id}-email`}
                type="email"
                name="email"
                autoComplete="email"
                required
                maxLength={254}
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (state === "invalid_email") setState("idle");
                }}
                aria-invalid={state === "invalid_email" ? true : undefined}
                className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm ${state === "invalid_email" ? "border-red-500" : "border-slate-300"}`}
                placeholder="name@example.com"
              />
            </div>
            <Button type="submit" disabled={state === "pending" || email.trim() === ""}>
              {state === "pending" ? t("sending") : t("submit")}
            </Button>
          </div>
          {components.length > 0 ? (
            <fieldset className="text-sm">
              <legend className="font-medium text-slate-800">{t("components")}</legend>
              <p className="text-slate-500">{t("allComponents")}</p>
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
                {components.map((component) => (
                  <label key={component.id} className="inline-flex items-center gap-2">
                    <input
                      type="checkbox"
                      name="component"
                      value={component.id}
                      checked={chosen.includes(component.id)}
                      onChange={(event) => setChosen((current) => (event.target.checked ? [...current, component.id] : current.filter((one) => one !== component.id)))}
                    />
                    {component.name}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
        </form>
      )}
    </section>
  );
}
