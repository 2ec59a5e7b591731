import type { z } from "zod";
import { DomainError } from "./errors";
import { zodDetails } from "./zod-details";

/**
 * Input of a domain function, checked where the function is, whichever surface called it: the
 * parsed value, or a VALIDATION_ERROR whose `details` name each field (the dashboard shows them
 * beside the field, the API returns them).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, message = "The input is not valid."): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new DomainError("VALIDATION_ERROR", message, zodDetails(parsed.error));
  return parsed.data;
}
