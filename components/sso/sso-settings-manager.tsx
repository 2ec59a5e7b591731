"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { SecretReveal } from "@/components/ui/secret-reveal";
import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { useActionForm } from "@/components/ui/use-action-form";
import { createSsoSecretAction, revokeSsoSecretAction, saveSsoSettingsAction } from "@/lib/surfaces/actions/dashboard/sso";

type Settings = { enabled: boolean; signInUrl: string; ssoOnly: boolean };
type SecretRow = { id: string; hint: string; createdAt: string; revokedAt: string | null };

const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-xs break-all";

/** Portal sign-in with the team's own app: the switches, where visitors go, and the signing secrets. */
export function SsoSettingsManager({ slug, workspaceId, callbackUrl, settings, secrets }: {
  slug: string;
  workspaceId: string;
  callbackUrl: string;
  settings: Settings;
  secrets: SecretRow[];
}) {
  const toast = useToast();
  const [form, setForm] = useState(settings);
  const { errors, pending, submit, formError } = useActionForm("The settings could not be saved: the server could not be reached.");
  const [created, setCreated] = useState<{ secret: string; hint: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<SecretRow | null>(null);
  const live = secrets.filter((secret) => !secret.revokedAt);

  async function createSecret() {
    setCreating(true);
    try {
      const result = await createSsoSecretAction(slug);
      if (!result.ok) toast.error(Object.values(result.fieldErrors)[0] ?? "The secret could not be created.");
      else setCreated({ secret: result.data.secret, hint: result.data.hint });
    } catch {
      toast.error("The secret could not be created: the server could not be reached.");
    } finally {
      setCreating(false);
    }
  }

  async function revoke(): Promise<string | null> {
    if (!revoking) return null;
    const result = await revokeSsoSecretAction(slug, revoking.id);
    if (!result.ok) return Object.values(result.fieldErrors)[0] ?? "The secret could not be revoked.";
    toast.success(`Secret …${revoking.hint} revoked.`);
    setRevoking(null);
    return null;
  }

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Single sign-on</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          Let your users sign in to the portal with the accounts they already have in your app. The portal&apos;s <strong>Sign in</strong> sends them to your
          sign-in URL with a <code className={code}>state</code>; your server signs a token and sends them back. They become visitors of this portal only, never members.
        </p>
      </div>

      <form
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        aria-label="SSO settings"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(() => saveSsoSettingsAction(slug, form), () => toast.success("SSO settings saved."));
        }}
      >
        <Switch label="Sign in with your app (SSO)" description="The portal's Sign in leads to your app." checked={form.enabled} onChange={(enabled) => setForm({ ...form, enabled, ssoOnly: enabled && form.ssoOnly })} />
        <Field
          label="Your sign-in URL"
          name="signInUrl"
          type="url"
          inputMode="url"
          placeholder="https://app.example.com/portal-sign-in"
          value={form.signInUrl}
          onChange={(event) => setForm({ ...form, signInUrl: event.target.value })}
          error={errors.signInUrl}
          hint="We add ?state=… to it. Send the state back unchanged with the token."
        />
        <Switch
          label="SSO only"
          description="Turns off the portal's own sign-up: new visitors can only come through your app."
          checked={form.ssoOnly}
          disabled={!form.enabled}
          onChange={(ssoOnly) => setForm({ ...form, ssoOnly })}
        />
        {formError(new Set(["signInUrl"])) ? <Alert>{formError(new Set(["signInUrl"]))}</Alert> : null}
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </Button>
      </form>

      <section aria-labelledby="sso-return" className="space-y-2 rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
        <h2 id="sso-return" className="text-base font-semibold text-slate-900">
          Where your app sends them back
        </h2>
        <p>
          Redirect to <code className={code} data-testid="sso-callback-url">{callbackUrl}</code> with <code className={code}>state</code> and{" "}
          <code className={code}>token</code> (query or form post).
        </p>
        <p>
          The token: HS256 with a secret below; claims <code className={code}>id</code> (required), <code className={code}>jti</code> (unique),{" "}
          <code className={code}>exp</code> (at most 24 hours ahead), and optionally <code className={code}>email</code>, <code className={code}>name</code>,{" "}
          <code className={code}>avatarURL</code>, <code className={code}>locale</code>, <code className={code}>companies</code> and{" "}
          <code className={code}>aud</code> = <code className={code}>{workspaceId}</code>.
        </p>
      </section>

      <section aria-labelledby="sso-secrets" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="sso-secrets" className="text-base font-semibold text-slate-900">
              Signing secrets
            </h2>
            <p className="text-sm text-slate-600">To rotate: create a new one, sign with it, then revoke the old. Both work in between.</p>
          </div>
          <Button onClick={() => void createSecret()} disabled={creating}>
            {creating ? "Creating…" : "Create secret"}
          </Button>
        </div>
        {secrets.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-600">No secrets yet. Tokens can only be checked once there is one.</p>
        ) : (
          <ul aria-label="Signing secrets" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {secrets.map((secret) => (
              <li key={secret.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="sso-secret-row" data-state={secret.revokedAt ? "revoked" : "active"}>
                <div className="min-w-0">
                  <div className="flex items-center gap-2">
                    <span className="font-mono text-sm text-slate-900">
                      <span className="sr-only">Secret ending </span>…{secret.hint}
                    </span>
                    <Badge tone={secret.revokedAt ? "red" : "green"}>{secret.revokedAt ? "Revoked" : "Active"}</Badge>
                  </div>
                  <p className="text-xs text-slate-600">
                    Created <LocalTime value={secret.createdAt} date />
                    {secret.revokedAt ? (
                      <>
                        {" "}· revoked <LocalTime value={secret.revokedAt} date />
                      </>
                    ) : null}
                  </p>
                </div>
                {!secret.revokedAt ? (
                  <Button variant="secondary" className="px-3 py-1.5 text-red-700 hover:bg-red-50" onClick={() => setRevoking(secret)} aria-label={`Revoke secret ending ${secret.hint}`}>
                    Revoke
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {form.enabled && live.length === 0 ? <Alert tone="info">SSO is on but has no active secret: every sign-in is refused until you create one.</Alert> : null}
      </section>

      <Dialog open={created !== null} onClose={() => setCreated(null)} title="Your new signing secret" closeOnOutsideClick={false} size="lg" testId="sso-secret-created">
        {created ? (
          <SecretReveal
            secret={created.secret}
            label="Signing secret"
            note="Only an encrypted copy is stored and it is never shown again. Keep it on your server only."
            usage={<>Sign your tokens with it using HS256.</>}
            testId="new-sso-secret"
            onClose={() => setCreated(null)}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this secret?"
        confirmLabel="Revoke"
        pendingLabel="Revoking…"
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
        testId="sso-revoke-dialog"
      >
        Tokens signed with the secret ending …{revoking?.hint} will be refused from now on.
      </ConfirmDialog>
    </div>
  );
}
