import { z } from "zod";

// Building blocks of the schemas that sit beside each view (lib/<resource>/view.ts): what the
// views return. The OpenAPI document is built from them, and every answer the API test suite
// receives is validated against that document, so a view that changes without its schema fails
// the tests. Objects are strict: a new field needs its line too.

/** An opaque id. */
export const idField = z.string().meta({ description: "Opaque id.", example: "cm4x9k2p80001qz8l3h5t7v2d" });

/** ISO 8601 in UTC, as `Date.toISOString()` writes it. */
export const timestampField = z.iso.datetime().meta({
  description: "ISO 8601 timestamp, UTC.",
  example: "2026-01-15T09:30:00.000Z",
  // The regex zod derives for datetimes is several hundred characters of noise in a reference.
  override: ({ jsonSchema }) => {
    delete jsonSchema.pattern;
  },
});

/** A count: zod would also write JavaScript's safe-integer bound as its maximum. */
export const countField = z
  .number()
  .int()
  .nonnegative()
  .meta({
    override: ({ jsonSchema }) => {
      delete jsonSchema.maximum;
    },
  });

/** A position: any whole number (without zod's safe-integer bounds). */
export const positionField = z
  .number()
  .int()
  .meta({
    override: ({ jsonSchema }) => {
      delete jsonSchema.minimum;
      delete jsonSchema.maximum;
    },
  });
