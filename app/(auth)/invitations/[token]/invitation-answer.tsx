"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { FormResult } from "@/lib/platform/forms/forms";

type Props = {
  workspaceName: string;
  accept: () => Promise<FormResult<{ slug: string }>>;
  decline: () => Promise<FormResult<{ name: string }>>;
};

export function InvitationAnswer({ workspaceName, accept, decline }: Props) {
  const router = useRouter();
  const [pending, setPending] = useState<"accept" | "decline" | null>(null);
  const [error, setError] = useState("");
  const [declined, setDeclined] = useState(false);

  async function answer(kind: "accept" | "decline") {
    setPending(kind);
    setError("");
    try {
      const result = kind === "accept" ? await accept() : await decline();
      if (!result.ok) {
        setError(Object.values(result.fieldErrors)[0] ?? "The invitation could not be answered.");
        setPending(null);
        return;
      }
      if (kind === "accept" && "slug" in result.data) {
        router.replace(`/w/${result.data.slug}`);
        return;
      }
      setDeclined(true);
      setPending(null);
    } catch {
      setError("The server did not answer. Try again.");
      setPending(null);
    }
  }

  if (declined) return <Alert tone="success">You declined the invitation to {workspaceName}. Nothing else changed.</Alert>;
  return (
    <div className="space-y-3">
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button className="w-full sm:w-auto sm:flex-1" disabled={pending !== null} onClick={() => answer("accept")}>
          {pending === "accept" ? "Joining…" : `Join ${workspaceName}`}
        </Button>
        <Button variant="secondary" className="w-full sm:w-auto" disabled={pending !== null} onClick={() => answer("decline")}>
          {pending === "decline" ? "Declining…" : "Decline"}
        </Button>
      </div>
    </div>
  );
}
