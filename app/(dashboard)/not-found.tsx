import { NotFoundPanel } from "@/components/shell/not-found-panel";

// A workspace that does not exist, was deleted, or is not yours: one answer for all three, so the
// page does not tell a stranger which workspaces exist. Under the dashboard header.
export default function DashboardNotFound() {
  return (
    <NotFoundPanel
      title="Workspace not found"
      description="This workspace does not exist, was deleted, or you are not a member of it."
      ways={[{ href: "/workspaces", label: "Your workspaces" }]}
    />
  );
}
