"use client";

import { signOut } from "next-auth/react";
import { Button, type ButtonProps } from "@/components/ui/button";

/**
 * Signs out and lands on `callbackUrl` (the sign-in page unless told otherwise, e.g. the portal page
 * itself). The session ends on the server too (lib/surfaces/auth/options.ts, events.signOut).
 */
export function SignOutButton({
  callbackUrl = "/sign-in",
  className,
  variant = "ghost",
  label = "Sign out",
}: {
  callbackUrl?: string;
  /** The button's words in the page's language (the portal's). */
  label?: string;
  className?: string;
  variant?: ButtonProps["variant"];
}) {
  return (
    <Button variant={variant} className={className} onClick={() => signOut({ callbackUrl })}>
      {label}
    </Button>
  );
}
