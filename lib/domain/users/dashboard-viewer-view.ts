import type { Role } from "@/lib/generated/prisma/enums";

/** What GET /account/viewer answers a signed-in person: the parts of a dashboard page that are theirs alone. */
export interface DashboardViewer {
  email: string;
  operator: boolean;
  workspaces: { slug: string; name: string; role: Role }[];
}
