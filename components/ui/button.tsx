"use client";

import { forwardRef, type ButtonHTMLAttributes } from "react";
import { useHydrated } from "./use-hydrated";

const VARIANTS = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-500 disabled:bg-indigo-300",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-red-600 text-white hover:bg-red-500 disabled:bg-red-300",
  ghost: "text-slate-700 hover:bg-slate-100",
} as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof VARIANTS };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", className = "", type = "button", disabled, ...props },
  ref,
) {
  // A click handler, or the submit handler of the client form around a submit button, exists only
  // once React has hydrated the page: until then the button is disabled, so an early click waits
  // instead of doing nothing (or submitting the form natively).
  const hydrated = useHydrated();
  const needsReact = props.onClick !== undefined || type === "submit";
  return (
    <button
      ref={ref}
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      disabled={disabled || (needsReact && !hydrated)}
      {...props}
    />
  );
});
