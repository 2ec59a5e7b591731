"use server";

import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import { updateWidgetOrigins } from "@/lib/domain/widget/update-widget-origins";
import type { FormResult } from "@/lib/platform/forms/forms";

/** The sites allowed to show the widget, one origin a line as typed; answers the stored list. */
export async function updateWidgetOriginsAction(slug: string, origins: string[]): Promise<FormResult<{ origins: string[] }>> {
  return runWorkspaceAction(slug, "updateWidgetOriginsAction", (actor) => updateWidgetOrigins(actor, { origins }), {
    pages: [`/w/${slug}/settings/widget`],
    // The embed pages and the loader's checks read the list through the public cache: drop it now
    // on this instance (the others hear of the change from the database).
    publicAnswersOf: slug,
  });
}
