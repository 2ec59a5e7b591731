import { frameAncestors } from "@/lib/domain/widget/allowed-origins";
import { widgetWorkspace } from "./widget-workspaces";

/** The frame-ancestors sources of an embed page (/embed/{workspace}/…): its workspace's allowed origins, else 'none'. */
export async function embedFrameAncestors(pathname: string): Promise<string> {
  const slug = pathname.split("/")[2] ?? "";
  const workspace = slug ? await widgetWorkspace(slug) : null;
  return frameAncestors(workspace?.origins ?? []);
}
