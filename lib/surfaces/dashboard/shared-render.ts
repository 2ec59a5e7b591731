import { headers } from "next/headers";
import { SHARED_RENDER_HEADER } from "./shared-render-header";

/** Whether this render is kept and answered to every member of a role: if so, nothing of who is looking may be in it. */
export async function isSharedRender(): Promise<boolean> {
  return (await headers()).has(SHARED_RENDER_HEADER);
}
