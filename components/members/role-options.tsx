import type { Role } from "@/lib/generated/prisma/enums";
import { ROLE_LABELS, ROLES } from "@/lib/domain/members/member-form-schemas";

/** The options of a role picker: owner is offered only to owners. */
export function RoleOptions({ actorRole }: { actorRole: Role }) {
  return ROLES.map((role) => (
    <option key={role} value={role} disabled={role === "OWNER" && actorRole !== "OWNER"}>
      {ROLE_LABELS[role]}
    </option>
  ));
}
