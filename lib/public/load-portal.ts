import { notFound } from "next/navigation";
import { cache } from "react";
import { DomainError } from "@/lib/core/errors";
import { scopedDb } from "@/lib/db/scoped";
import { findPublishedWorkspace } from "./find-published-workspace";

/**
 * The published workspace behind a portal page, looked up once per request however many of the
 * layout, the page and its metadata ask; an unknown or unpublished slug is the portal's 404.
 */
export const loadPortal = cache(async (slug: string) => {
  const workspace = await findPublishedWorkspace(slug);
  if (!workspace) notFound();
  return { workspace, db: scopedDb(workspace.id) };
});

/** A domain read whose NOT_FOUND becomes the page's 404. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}
