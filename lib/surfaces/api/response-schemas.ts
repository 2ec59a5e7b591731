import { z } from "zod";
import type { Operation } from "./operation";
import { ERROR_CODES } from "@/lib/platform/core/errors";

// The envelopes around the views' schemas (the fields are in lib/platform/core/fields.ts): what the API
// answers on success and on error, as the OpenAPI document shows them.

/** The page information of every list. */
export const paginationSchema = z
  .strictObject({
    nextCursor: z.string().nullable().meta({ description: "Pass as `?cursor=` for the next page; `null` on the last page." }),
    hasMore: z.boolean(),
  })
  .meta({ id: "Pagination", description: "Keyset pagination: rows inserted while you walk a list never shift the pages you have not seen." });

export function itemEnvelope(data: z.ZodType) {
  return z.strictObject({ success: z.literal(true), data });
}

export function listEnvelope(item: z.ZodType) {
  return z.strictObject({ success: z.literal(true), data: z.array(item), pagination: paginationSchema });
}

/** The whole body of an operation's success: its response in the item or list envelope, or alone when bare. */
export function successBodyOf(operation: Pick<Operation, "response" | "paginated" | "bare">): z.ZodType {
  if (operation.bare) return operation.response;
  return operation.paginated ? listEnvelope(operation.response) : itemEnvelope(operation.response);
}

export const errorDetailSchema = z
  .strictObject({
    path: z.string().meta({ description: "Dotted path of the offending input (`title`, `components.0.id`); empty for the whole body." }),
    message: z.string(),
    code: z.string().meta({ description: "zod's issue code (`too_small`, `invalid_type`, `unrecognized_keys`, …) or ours (`invalid_json`, `invalid_cursor`)." }),
  })
  .meta({ id: "ErrorDetail" });

export const errorCodeSchema = z.enum(ERROR_CODES).meta({ id: "ErrorCode" });

/** The error envelope of /api/v1 and /api/public. */
export const errorEnvelopeSchema = z
  .strictObject({
    success: z.literal(false),
    error: z.string().meta({ description: "A human-readable message." }),
    code: errorCodeSchema,
    details: z.array(errorDetailSchema).optional().meta({ description: "With VALIDATION_ERROR: one row per problem." }),
    requestId: z.string().meta({ description: "The same as the `X-Request-Id` header; quote it to support.", example: "req_3f9c2b7e0d4a4c1e9b8f6a5d2c1e0f9a" }),
  })
  .meta({ id: "ErrorEnvelope" });
