import { z } from "zod";
import { safeText } from "@/lib/platform/core/schemas";

/** The team's optional note to a post's voters with a status change (kept with it, sent in the mail). */
export const STATUS_NOTE_MAX_LENGTH = 2_000;
export const statusNoteSchema = z.object({ note: safeText({ max: STATUS_NOTE_MAX_LENGTH, label: "Note to voters", multiline: true }) });
