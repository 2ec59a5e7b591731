import { getSessionUser } from "@/lib/surfaces/auth/session";
import { logoResponse } from "@/lib/domain/branding/logo-response";
import { readWorkspaceLogo } from "@/lib/domain/branding/read-logo";

// A workspace's portal logo (favicon too), by version: see readWorkspaceLogo for who may read it.
export async function GET(_request: Request, { params }: { params: Promise<{ workspace: string; version: string }> }) {
  const { workspace, version } = await params;
  return logoResponse(await readWorkspaceLogo(workspace, version, async () => (await getSessionUser())?.id ?? null));
}
