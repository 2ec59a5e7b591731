import { z } from "zod";
import { pageQuery } from "@/lib/api/pagination";

export const BOARD_VISIBILITIES = ["public", "private", "all"] as const;

export const listBoardsQuery = z.strictObject({
  ...pageQuery,
  visibility: z.enum(BOARD_VISIBILITIES, { message: `visibility must be one of: ${BOARD_VISIBILITIES.join(", ")}.` }).default("all"),
});

export type ListBoardsQuery = z.output<typeof listBoardsQuery>;
