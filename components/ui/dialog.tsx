"use client";

import { useEffect, useId, useRef } from "react";

type DialogProps = {
  open: boolean;
  /** Called when the dialog asks to close: Escape, a close button, or (if allowed) a click outside. */
  onClose: () => void;
  title: string;
  description?: React.ReactNode;
  /** DialogBody and DialogFooter, possibly inside a <form> that spans both. */
  children: React.ReactNode;
  /** Off for dialogs whose content would be lost by a stray click (the new API key). */
  closeOnOutsideClick?: boolean;
  size?: "md" | "lg";
  testId?: string;
};

/**
 * A modal on the native <dialog> element: the browser makes the page behind it inert, traps focus
 * inside, closes it on Escape and returns focus to the control that opened it. Children mount only
 * while it is open, so a form starts fresh each time and nothing it showed stays in the DOM.
 */
export function Dialog({ open, onClose, title, description, children, closeOnOutsideClick = true, size = "md", testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React does not write autoFocus to the DOM, so showModal cannot see it; this is its stand-in.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      data-testid={testId}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => {
        if (open) onClose();
      }}
      onCancel={(event) => {
        // Escape: let React state decide, so the dialog never closes behind the parent's back.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (closeOnOutsideClick && event.target === event.currentTarget) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${size === "lg" ? "max-w-2xl" : "max-w-lg"} overscroll-contain rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 open:flex open:max-h-[calc(100dvh-2rem)] open:flex-col`}
    >
      {open ? (
        <>
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
            <div>
              <h2 id={titleId} className="text-lg font-semibold tracking-tight">
                {title}
              </h2>
              {description ? (
                <div id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </div>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close dialog"
              className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {children}
        </>
      ) : null}
    </dialog>
  );
}

/** The scrolling middle of a dialog. */
export function DialogBody({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <div className={`min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6 ${className}`}>{children}</div>;
}

/** Buttons at the bottom: right-aligned, stacked (primary on top) on narrow screens. */
export function DialogFooter({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex shrink-0 flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6">{children}</div>
  );
}
