import { z } from "zod";
import { idSchema } from "@/lib/platform/core/schemas";

/** `{id}` path segments; an impossible id answers 404 like any unknown one. */
export const idParams = z.object({ id: idSchema });
