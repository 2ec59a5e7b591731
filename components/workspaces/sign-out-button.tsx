"use client";

import { signOut } from "next-auth/react";
import { Button, type ButtonProps } from "@/components/ui/button";

/** Ends this browser's session, on the server too (lib/auth/options.ts, events.signOut). */
export function SignOutButton({ callbackUrl = "/sign-in", variant = "ghost" }: { callbackUrl?: string; variant?: ButtonProps["variant"] }) {
  return (
    <Button variant={variant} onClick={() => signOut({ callbackUrl })}>
      Sign out
    </Button>
  );
}
