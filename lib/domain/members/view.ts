import { z } from "zod";
import { idField, timestampField } from "@/lib/platform/core/fields";
import type { Membership, User } from "@/lib/generated/prisma/client";

export type MembershipWithUser = Pick<Membership, "role" | "createdAt"> & { user: Pick<User, "id" | "email" | "name"> };

export function memberView(membership: MembershipWithUser) {
  return {
    userId: membership.user.id,
    email: membership.user.email,
    name: membership.user.name,
    role: membership.role,
    joinedAt: membership.createdAt.toISOString(),
  };
}

export const memberSchema = z
  .strictObject({
    userId: idField,
    email: z.email(),
    name: z.string().nullable(),
    role: z.enum(["OWNER", "ADMIN", "MEMBER", "VIEWER"]),
    joinedAt: timestampField,
  })
  .meta({ id: "Member" });
