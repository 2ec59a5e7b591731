/**
 * Where `/` sends a signed-in person: straight into the dashboard of their only workspace, and
 * to the list of their workspaces (or the way to create the first one) when there is a choice.
 */
export function homeDestination(workspaces: readonly { slug: string }[]): string {
  return workspaces.length === 1 ? `/w/${workspaces[0]!.slug}` : "/workspaces";
}
