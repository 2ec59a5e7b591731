import type { z } from "zod";
import { ApiError } from "./error-codes";
import { zodDetails } from "./zod-details";

/**
 * Input from a surface without the /api/v1 pipeline (a server action), checked by the same schema
 * the API uses: a failure is the same VALIDATION_ERROR with `details`, which forms show per field.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, message = "The input is not valid."): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ApiError("VALIDATION_ERROR", message, zodDetails(parsed.error));
  return parsed.data;
}
