import { getSessionUser } from "@/lib/auth/session";
import { logoResponse } from "@/lib/branding/logo-response";
import { readWorkspaceLogo } from "@/lib/branding/read-logo";

// A workspace's portal logo (favicon too), by version: see readWorkspaceLogo for who may read it.
export async function GET(_request: Request, { params }: { params: Promise<{ workspace: string; version: string }> }) {
  const { workspace, version } = await params;
  return logoResponse(await readWorkspaceLogo(workspace, version, async () => (await getSessionUser())?.id ?? null));
}
