const META_PATHS = new Set(["/openapi.json", "/mcp"]);

/** A path's tag: its first resource segment, capitalised (`/status/incidents` → Status); the documents and MCP are Meta. */
export function tagOf(path: string): string {
  if (META_PATHS.has(path)) return "Meta";
  const segment = path.split("/").find((part) => part && !part.startsWith("{")) ?? "API";
  return segment.charAt(0).toUpperCase() + segment.slice(1);
}

/** The tags of these paths, first seen first. */
export function tagsIn(paths: string[]): string[] {
  return [...new Set(paths.map(tagOf))];
}
