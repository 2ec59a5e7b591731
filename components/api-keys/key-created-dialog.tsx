"use client";

import { Dialog } from "@/components/ui/dialog";
import { SecretReveal } from "@/components/ui/secret-reveal";
import type { ApiKeyView } from "@/lib/domain/keys/view";

/**
 * The one time the full key is shown. It lives in the parent's state only: closing this dialog
 * drops it, and a reload never had it. The key's box has a fixed size, so nothing moves as it
 * appears or when "Copy" turns into "Copied".
 */
export function KeyCreatedDialog({ created, onClose }: { created: { key: string; apiKey: ApiKeyView } | null; onClose: () => void }) {
  return (
    <Dialog
      open={created !== null}
      onClose={onClose}
      title="Your new API key"
      description={created ? <>“{created.apiKey.name}” can call the API with: {created.apiKey.scopes.join(", ")}.</> : null}
      closeOnOutsideClick={false}
      size="lg"
      testId="key-created-dialog"
    >
      {created ? <KeyReveal secret={created.key} onClose={onClose} /> : null}
    </Dialog>
  );
}

function KeyReveal({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <SecretReveal
      secret={secret}
      label="API key"
      note="Only a fingerprint of the key is stored. Keep it in a secrets manager; if it is lost, revoke it and create a new one."
      usage={
        <>
          Send it as <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">Authorization: Bearer &lt;key&gt;</code> to{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">/api/v1</code>.
        </>
      }
      testId="new-api-key"
      onClose={onClose}
    />
  );
}
