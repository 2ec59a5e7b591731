"use server";

import { removeSubscriberFor } from "../../subscribers-page";

export async function removeStatusSubscriberAction(slug: string, formData: FormData): Promise<void> {
  await removeSubscriberFor("STATUS", String(slug), formData);
}
