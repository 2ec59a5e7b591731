import { expect } from "vitest";
import { DomainError, type ErrorCode } from "@/lib/platform/core/errors";
import { getWorkspaceActorOrThrow, type WorkspaceActor } from "@/lib/domain/access/actor";
import type { Tenant } from "./api";

/** The dashboard's view of a user in a tenant: role read from the database, as server actions do. */
export function actorOf(tenant: Tenant, user: { id: string }): Promise<WorkspaceActor> {
  return getWorkspaceActorOrThrow(user.id, tenant.workspace.slug);
}

/** Awaits a promise that must fail with this DomainError code; returns the error for further checks. */
export async function expectApiError(promise: Promise<unknown>, code: ErrorCode): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, `expected DomainError ${code}`).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  return error as DomainError;
}
