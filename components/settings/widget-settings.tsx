"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextareaField } from "@/components/ui/textarea-field";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import { SettingsSection } from "./settings-section";
import { updateWidgetOriginsAction } from "@/lib/surfaces/actions/dashboard/widget";

type Props = {
  slug: string;
  origins: string[];
  snippet: string;
  /** With SSO on: how the customer's server signs the token the snippet passes. */
  ssoExample: string | null;
  portalPublished: boolean;
  ssoEnabled: boolean;
};

/** Where the widget may run (one origin a line), and the snippet to paste, ready to copy. */
export function WidgetSettings({ slug, origins, snippet, ssoExample, portalPublished, ssoEnabled }: Props) {
  const toast = useToast();
  const [text, setText] = useState(origins.join("\n"));
  const [copied, setCopied] = useState(false);
  const { errors, pending, submit, formError } = useActionForm("The server did not answer; nothing was saved. Try again.");
  const lines = text.split("\n");
  // Field errors come back per line ("origins.2"); they are shown together under the box.
  const lineErrors = Object.entries(errors)
    .filter(([field]) => field.startsWith("origins"))
    .map(([, message]) => message);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Widget</h1>
        <p className="mt-1 text-sm text-slate-600">Feedback, the changelog and a status banner inside your own app, from one script.</p>
      </div>
      {!portalPublished ? (
        <Alert>The widget shows what the portal shows: publish the portal (Settings → General) before it can run anywhere.</Alert>
      ) : null}
      <SettingsSection id="widget-origins" title="Allowed origins" description="The sites whose pages may show the widget: one a line, as scheme://host[:port] (https://app.example.com), or https://*.example.com for every subdomain. Every other site gets nothing.">
        <form
          className="space-y-3"
          onSubmit={async (event) => {
            event.preventDefault();
            await submit(
              () => updateWidgetOriginsAction(slug, lines.map((line) => line.trim()).filter(Boolean)),
              (saved) => {
                setText(saved.origins.join("\n"));
                toast.success("Allowed origins saved.");
              },
            );
          }}
        >
          {formError(new Set(Object.keys(errors).filter((field) => field.startsWith("origins")))) ? <Alert>{formError(new Set(Object.keys(errors).filter((field) => field.startsWith("origins"))))}</Alert> : null}
          <TextareaField
            label="Allowed origins"
            name="origins"
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={4}
            spellCheck={false}
            placeholder="https://app.example.com"
            error={lineErrors.join(" ") || undefined}
            readOnly={pending}
            data-testid="widget-origins"
          />
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : "Save origins"}
          </Button>
        </form>
      </SettingsSection>
      <SettingsSection
        id="widget-snippet"
        title="Snippet"
        description={
          ssoEnabled
            ? "Paste it before </body> of your app's pages. SSO is on: your server signs a token for the signed-in person with a secret from Settings → Single sign-on, and the page passes it to boot as ssoToken; each token works once."
            : "Paste it before </body> of your app's pages. Visitors sign in to the portal from the widget; turn SSO on to sign them in with your own accounts."
        }
      >
        <pre tabIndex={0} aria-label="The snippet" className="overflow-x-auto rounded-md border border-slate-200 bg-slate-50 p-3 text-xs text-slate-800" data-testid="widget-snippet">
          <code>{snippet}</code>
        </pre>
        <div className="mt-3 flex items-center gap-3">
          <Button
            variant="secondary"
            onClick={async () => {
              await navigator.clipboard.writeText(snippet);
              setCopied(true);
            }}
          >
            Copy snippet
          </Button>
          <span role="status" className="text-sm text-slate-600">
            {copied ? "Copied." : ""}
          </span>
        </div>
        {ssoEnabled && ssoExample ? (
          <div className="mt-5">
            <h3 className="text-sm font-semibold text-slate-900">Signing the token on your server</h3>
            <p className="mt-1 text-sm text-slate-600">
              HS256 with a live secret; <code>id</code> is required, <code>jti</code> unique and <code>exp</code> at most 24 hours ahead. Rotate by creating a second secret, deploying it, then
              revoking the first.
            </p>
            <pre tabIndex={0} aria-label="Signing the SSO token" className="mt-2 overflow-x-auto rounded-md border border-slate-200 bg-slate-50 p-3 text-xs text-slate-800" data-testid="widget-sso-example">
              <code>{ssoExample}</code>
            </pre>
          </div>
        ) : null}
      </SettingsSection>
    </div>
  );
}
