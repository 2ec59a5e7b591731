"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import type { ApiKeyView } from "@/lib/keys/view";

type CopyState = "idle" | "copied" | "manual";

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
  const [copy, setCopy] = useState<CopyState>("idle");
  const keyRef = useRef<HTMLElement>(null);

  // Leaving the page forgets the key too: a page kept in the back/forward cache must not come
  // back showing it. The text is blanked at once, before React gets to unmount the dialog.
  useEffect(() => {
    const forget = () => {
      if (keyRef.current) keyRef.current.textContent = "";
      onClose();
    };
    window.addEventListener("pagehide", forget);
    return () => window.removeEventListener("pagehide", forget);
  }, [onClose]);

  function selectKey() {
    const node = keyRef.current;
    const selection = window.getSelection();
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  }

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy("copied");
      return;
    } catch {
      // No clipboard API (an insecure origin, an old browser) or permission refused: fall back.
    }
    selectKey();
    const copied = typeof document.execCommand === "function" && document.execCommand("copy");
    setCopy(copied ? "copied" : "manual");
  }

  return (
    <>
      <DialogBody className="space-y-4">
        <div role="note" className="flex gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor">
            <path d="M10 2.5l8 14H2l8-14zm-.9 5v4.5h1.8V7.5H9.1zm0 6v1.8h1.8v-1.8H9.1z" />
          </svg>
          <p>
            <strong className="font-semibold">Copy it now: you won&apos;t see it again.</strong> Only a fingerprint of the key is stored. Keep it
            in a secrets manager; if it is lost, revoke it and create a new one.
          </p>
        </div>
        <div>
          <p id="new-key-label" className="text-sm font-medium text-slate-800">
            API key
          </p>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-stretch">
            <code
              ref={keyRef}
              aria-labelledby="new-key-label"
              data-testid="new-api-key"
              tabIndex={0}
              onFocus={selectKey}
              className="flex min-h-11 flex-1 items-center rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
            >
              {secret}
            </code>
            <Button variant={copy === "copied" ? "secondary" : "primary"} className="sm:w-28" onClick={copyKey} data-autofocus>
              {copy === "copied" ? "Copied" : "Copy"}
            </Button>
          </div>
          <p className="mt-1 min-h-5 text-xs text-slate-600" aria-live="polite">
            {copy === "copied" ? "The key is on your clipboard." : copy === "manual" ? "Copying is blocked here: the key is selected, press Ctrl+C (⌘C on a Mac)." : ""}
          </p>
        </div>
        <p className="text-sm text-slate-600">
          Send it as <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">Authorization: Bearer &lt;key&gt;</code> to{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">/api/v1</code>.
        </p>
      </DialogBody>
      <DialogFooter>
        <Button onClick={onClose}>I&apos;ve saved it, close</Button>
      </DialogFooter>
    </>
  );
}
