"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { PlanMeter } from "@/components/settings/plan-meter";
import type { Plan, Role } from "@/lib/generated/prisma/enums";
import type { ApiKeyView } from "@/lib/domain/keys/view";
import { planLimitMessage } from "@/lib/domain/plans/limits";
import { revokeApiKeyAction } from "@/lib/surfaces/actions/dashboard/api-keys";
import { ApiKeyList, type ListedKey } from "./api-key-list";
import { CreateKeyDialog } from "./create-key-dialog";
import { KeyCreatedDialog } from "./key-created-dialog";

type ApiKeysManagerProps = {
  slug: string;
  role: Role;
  plan: Plan;
  used: number;
  limit: number | null;
  keys: ListedKey[];
};

export function ApiKeysManager({ slug, role, plan, used, limit, keys }: ApiKeysManagerProps) {
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  // The full key, between creation and closing its dialog; never stored anywhere else.
  const [created, setCreated] = useState<{ key: string; apiKey: ApiKeyView } | null>(null);
  const [revoking, setRevoking] = useState<ListedKey | null>(null);

  const atLimit = limit !== null && used >= limit;
  const limitMessage = atLimit ? planLimitMessage(plan, "activeApiKeys") : null;

  async function revoke(): Promise<string | null> {
    if (!revoking) return null;
    const result = await revokeApiKeyAction(slug, revoking.id);
    if (!result.ok) return Object.values(result.fieldErrors)[0] ?? "The key could not be revoked.";
    toast.success(`“${revoking.name}” is revoked. Requests with it are refused from now on.`);
    setRevoking(null);
    return null;
  }

  return (
    <main className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="max-w-xl">
          <h1 className="text-2xl font-semibold tracking-tight">API keys</h1>
          <p className="mt-1 text-sm text-slate-600">
            Keys let your integrations call the REST API under <code className="font-mono text-xs">/api/v1</code>. A key acts with its
            creator&apos;s current role: demote or remove the creator and the key loses that access on its next request.
          </p>
          <p className="mt-2 text-sm text-slate-600">
            <Link href="/docs/api" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              API reference
            </Link>{" "}
            — every endpoint, scope and error code. The same keys work with the MCP server at{" "}
            <code className="font-mono text-xs">/api/v1/mcp</code>.
          </p>
        </div>
        <Button onClick={() => setCreating(true)} className="shrink-0 self-start">
          Create API key
        </Button>
      </div>

      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <PlanMeter used={used} limit={limit} plan={plan} label="active keys" testId="key-usage" />
        {atLimit ? (
          <p className="text-sm text-amber-800" data-testid="key-limit-note">
            {limitMessage} Revoke a key to create another.
          </p>
        ) : null}
      </div>

      {keys.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <h2 className="font-medium text-slate-900">No API keys yet</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
            Create a key to let a script or an integration read or change this workspace&apos;s boards, posts, changelog, status page and todos.
          </p>
          <Button className="mt-4" variant="secondary" onClick={() => setCreating(true)}>
            Create your first key
          </Button>
        </div>
      ) : (
        <section aria-labelledby="keys-heading">
          <h2 id="keys-heading" className="sr-only">
            All keys
          </h2>
          <ApiKeyList keys={keys} onRevoke={setRevoking} />
        </section>
      )}

      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        slug={slug}
        role={role}
        limitMessage={limitMessage}
        onCreated={(result) => {
          setCreating(false);
          setCreated(result);
        }}
      />
      <KeyCreatedDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `Revoke “${revoking.name}”?` : "Revoke key?"}
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
        testId="revoke-key-dialog"
      >
        <p>
          Anything using <span className="font-mono">{revoking?.hint}</span> stops working at once: its next request is refused (401). This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </main>
  );
}
