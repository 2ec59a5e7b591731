"use client";

import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";

/** Signs out and lands on `callbackUrl` (the sign-in page unless told otherwise, e.g. the portal page itself). */
export function SignOutButton({ callbackUrl = "/sign-in", className }: { callbackUrl?: string; className?: string }) {
  return (
    <Button variant="ghost" className={className} onClick={() => signOut({ callbackUrl })}>
      Sign out
    </Button>
  );
}
