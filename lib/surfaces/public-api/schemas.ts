import { z } from "zod";
import { idSchema } from "@/lib/platform/core/schemas";
import { PORTAL_LOCALES } from "@/lib/platform/i18n/locales";

// Path and badge schemas of /api/public; the list queries it shares with the portal's pages stand
// beside their readers in the domain (boardPostsQuery, roadmapQuery, incidentsQuery) and in
// platform/core/pagination.ts (pageOnlyQuery). Unlike /api/v1, unknown query parameters are ignored
// rather than refused: embedders append cache-busters (`?v=2`) to badge and feed URLs. Only the
// validated values make up the response cache key, so such parameters cannot bust the cache.
const slug = z.string().min(1).max(64);

export const workspaceParams = z.object({ workspace: slug });
export const boardParams = z.object({ workspace: slug, boardId: idSchema });
export const postParams = z.object({ workspace: slug, postId: idSchema });
export const releaseNoteParams = z.object({ workspace: slug, id: idSchema });

export const BADGE_LABEL_MAX = 40;
export const BADGE_LABEL_INPUT_MAX = 2_048;
export const badgeQuery = z.object({
  // Longer labels are cut, not refused: a badge that answers 400 is a broken image on someone's page.
  // Control characters become spaces and lone surrogates U+FFFD rather than a 400, for the same
  // reason; only a label no badge URL would carry (over BADGE_LABEL_INPUT_MAX) is refused.
  label: z
    .string()
    .max(BADGE_LABEL_INPUT_MAX, `label must be at most ${BADGE_LABEL_INPUT_MAX} characters.`)
    .transform((value) => [...value.toWellFormed().replace(/\p{Cc}/gu, " ").trim()].slice(0, BADGE_LABEL_MAX).join("").trim())
    .optional(),
  style: z.enum(["flat", "compact"], { message: "style must be flat or compact." }).default("flat"),
  // The portal's status page shows the badge in its own language.
  lang: z
    .enum(PORTAL_LOCALES, { message: `lang must be one of ${PORTAL_LOCALES.join(", ")}.` })
    .optional()
    .meta({ description: "The language of the badge's words (the default label and the status); English when left out." }),
});

/** shields.io's endpoint badge: the label as on the SVG badge; shields itself draws the style. */
export const shieldsQuery = z.object({ label: badgeQuery.shape.label });

export type BadgeQuery = z.output<typeof badgeQuery>;
