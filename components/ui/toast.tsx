"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

type Tone = "success" | "error";
interface ToastItem {
  id: number;
  tone: Tone;
  message: string;
}

const ToastContext = createContext<((tone: Tone, message: string) => void) | null>(null);

const DURATION_MS = { success: 5_000, error: 9_000 } as const;

/**
 * Success and failure notes after an action. The live regions are in the page from the start (a
 * region added together with its text is not announced), errors assertively, the rest politely.
 * Fixed to a corner, so a toast never moves the page.
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(0);

  const dismiss = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const show = useCallback((tone: Tone, message: string) => {
    const id = ++next.current;
    setItems((current) => [...current.slice(-3), { id, tone, message }]);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
        {(["error", "success"] as const).map((tone) => (
          <div key={tone} aria-live={tone === "error" ? "assertive" : "polite"} className="flex w-full flex-col items-center gap-2 sm:items-end" data-testid={`toasts-${tone}`}>
            {items
              .filter((item) => item.tone === tone)
              .map((item) => (
                <Toast key={item.id} item={item} onDismiss={dismiss} />
              ))}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(item.id), DURATION_MS[item.tone]);
    return () => clearTimeout(timer);
  }, [item, onDismiss, paused]);
  const tone = item.tone === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-emerald-200 bg-white text-slate-900";
  return (
    <div
      role={item.tone === "error" ? "alert" : "status"}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${tone}`}
    >
      <span aria-hidden="true" className={`mt-0.5 size-2 shrink-0 rounded-full ${item.tone === "error" ? "bg-red-500" : "bg-emerald-500"}`} />
      <p className="flex-1">{item.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(item.id)}
        aria-label="Dismiss notification"
        className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

/** `const toast = useToast(); toast.success("Saved.")` inside a ToastProvider. */
export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs a <ToastProvider> above it.");
  return useMemo(() => ({ success: (message: string) => show("success", message), error: (message: string) => show("error", message) }), [show]);
}
