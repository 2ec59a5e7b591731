import { z } from "zod";
import { idField, positionField, timestampField } from "@/lib/platform/core/fields";
import { COMPONENT_STATUSES } from "./incident-rules";
import type { StatusComponent } from "@/lib/generated/prisma/client";

export function componentView(component: StatusComponent) {
  return {
    id: component.id,
    name: component.name,
    description: component.description,
    status: component.status,
    position: component.position,
    createdAt: component.createdAt.toISOString(),
    updatedAt: component.updatedAt.toISOString(),
  };
}

export const componentSchema = z
  .strictObject({
    id: idField,
    name: z.string(),
    description: z.string(),
    status: z.enum(COMPONENT_STATUSES),
    position: positionField,
    createdAt: timestampField,
    updatedAt: timestampField,
  })
  .meta({ id: "StatusComponent" });

/** A component as the status page shows it: no position (the order says it) and no creation time. */
export function publicComponentView(component: Pick<StatusComponent, "id" | "name" | "description" | "status" | "updatedAt">) {
  return {
    id: component.id,
    name: component.name,
    description: component.description,
    status: component.status,
    updatedAt: component.updatedAt.toISOString(),
  };
}

export const publicComponentSchema = z
  .strictObject({ id: idField, name: z.string(), description: z.string(), status: z.enum(COMPONENT_STATUSES), updatedAt: timestampField })
  .meta({ id: "PublicStatusComponent" });
