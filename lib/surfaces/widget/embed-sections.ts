// The sections a status embed shows, from `?embed=components,incidents`. Names it does not know are
// left out; when none is known, every section shows.
export const EMBED_SECTIONS = ["overall", "incidents", "maintenance", "components"] as const;
export type EmbedSection = (typeof EMBED_SECTIONS)[number];
const DEFAULT_SECTIONS: EmbedSection[] = ["overall", "incidents", "maintenance", "components"];

export function embedSectionsOf(value: string | string[] | undefined): Set<EmbedSection> {
  const asked = (Array.isArray(value) ? value.join(",") : (value ?? ""))
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name): name is EmbedSection => (EMBED_SECTIONS as readonly string[]).includes(name));
  return new Set(asked.length ? asked : DEFAULT_SECTIONS);
}
