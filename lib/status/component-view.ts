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
