"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogBody, DialogFooter } from "@/components/ui/dialog";

type CopyState = "idle" | "copied" | "manual";

type SecretRevealProps = {
  secret: string;
  /** What the secret is ("API key", "Signing secret"). */
  label: string;
  /** Why it is shown only now, after the bold "Copy it now" line. */
  note: React.ReactNode;
  /** How to use it, under the box. */
  usage: React.ReactNode;
  testId: string;
  onClose: () => void;
};

/**
 * The one time a secret is shown, inside a dialog. It lives in the parent's state only: closing
 * drops it, and a reload never had it. The box has a fixed size, so nothing moves as it appears or
 * when "Copy" turns into "Copied".
 */
export function SecretReveal({ secret, label, note, usage, testId, onClose }: SecretRevealProps) {
  const [copy, setCopy] = useState<CopyState>("idle");
  const secretRef = useRef<HTMLElement>(null);

  // Leaving the page forgets the secret too: a page kept in the back/forward cache must not come
  // back showing it. The text is blanked at once, before React gets to unmount the dialog.
  useEffect(() => {
    const forget = () => {
      if (secretRef.current) secretRef.current.textContent = "";
      onClose();
    };
    window.addEventListener("pagehide", forget);
    return () => window.removeEventListener("pagehide", forget);
  }, [onClose]);

  function selectSecret() {
    const node = secretRef.current;
    const selection = window.getSelection();
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  }

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy("copied");
      return;
    } catch {
      // No clipboard API (an insecure origin, an old browser) or permission refused: fall back.
    }
    selectSecret();
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
            <strong className="font-semibold">Copy it now: you won&apos;t see it again.</strong> {note}
          </p>
        </div>
        <div>
          <p id={`${testId}-label`} className="text-sm font-medium text-slate-800">
            {label}
          </p>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-stretch">
            <code
              ref={secretRef}
              aria-labelledby={`${testId}-label`}
              data-testid={testId}
              tabIndex={0}
              onFocus={selectSecret}
              className="flex min-h-11 flex-1 items-center rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
            >
              {secret}
            </code>
            <Button variant={copy === "copied" ? "secondary" : "primary"} className="sm:w-28" onClick={copySecret} data-autofocus>
              {copy === "copied" ? "Copied" : "Copy"}
            </Button>
          </div>
          <p className="mt-1 min-h-5 text-xs text-slate-600" aria-live="polite">
            {copy === "copied" ? `The ${label.toLowerCase()} is on your clipboard.` : copy === "manual" ? `Copying is blocked here: the ${label.toLowerCase()} is selected, press Ctrl+C (⌘C on a Mac).` : ""}
          </p>
        </div>
        <p className="text-sm text-slate-600">{usage}</p>
      </DialogBody>
      <DialogFooter>
        <Button onClick={onClose}>I&apos;ve saved it, close</Button>
      </DialogFooter>
    </>
  );
}
