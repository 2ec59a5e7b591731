"use server";

import { removeSubscriberFor } from "../../subscribers-page";

export async function removeChangelogSubscriberAction(slug: string, formData: FormData): Promise<void> {
  await removeSubscriberFor("CHANGELOG", String(slug), formData);
}
