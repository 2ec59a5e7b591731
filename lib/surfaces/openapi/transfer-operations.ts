import type { RawOperation } from "@/lib/surfaces/api/operation";
import { errorResponses, headerRefs, RATE_LIMIT_HEADERS, type ErrorResponseRegistry } from "./components";

// The operations of the /api/v1 routes whose bodies are files (defineStreamRoute): the workspace
// export, the posts CSV and an import's upload. Written by hand like the MCP endpoint's.

const COMMON = ["UNAUTHORIZED", "RATE_LIMITED", "INSUFFICIENT_SCOPES", "FORBIDDEN", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"] as const;
const counted = (status: number) => status !== 401;
const fileHeaders = headerRefs(["X-Request-Id", ...RATE_LIMIT_HEADERS]);

export const exportArchiveOperation = (registry: ErrorResponseRegistry): RawOperation => ({
  operationId: "exportWorkspace",
  summary: "Export the whole workspace (zip)",
  description:
    "A zip streamed as it is read from the database: `manifest.json` (format, version, counts, time), `workspace.json` (settings and branding) and one JSON Lines file per resource. The schema is in the user guide (“The export archive”). Members without passwords or sessions, webhooks without secrets.",
  tags: ["Export"],
  "x-required-scope": "migration:read",
  responses: {
    "200": { description: "The archive.", headers: fileHeaders, content: { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } } },
    ...errorResponses(COMMON, counted, registry),
  },
});

export const exportPostsCsvOperation = (registry: ErrorResponseRegistry): RawOperation => ({
  operationId: "exportPostsCsv",
  summary: "Export posts as CSV",
  description: "One row per post: id, title, board, status, tags, votes, comments, author, merged into, created at, details. UTF-8 with a BOM, CRLF line ends; a cell that a spreadsheet would run as a formula starts with an apostrophe.",
  tags: ["Export"],
  "x-required-scope": "migration:read",
  responses: {
    "200": { description: "The CSV.", headers: fileHeaders, content: { "text/csv": { schema: { type: "string" } } } },
    ...errorResponses(COMMON, counted, registry),
  },
});

export const uploadImportOperation = (registry: ErrorResponseRegistry): RawOperation => ({
  operationId: "uploadImport",
  summary: "Start an import from a file",
  description:
    "The body is the file itself (an export archive for `own`, a Fider backup or posts CSV for `fider`, a CSV for `csv`). `source` and `mode` go in the query, a source's options as JSON in `options`. The file is checked at once (a zip that is not one, a manifest of a newer version: 400 naming the file, line and column); the preview then runs in the background: poll `GET /imports/{id}`. A CSV may be at most 50 MiB.",
  tags: ["Imports"],
  "x-required-scope": "migration:write",
  parameters: [
    { name: "source", in: "query", required: true, schema: { type: "string", enum: ["own", "fider", "csv"] } },
    { name: "mode", in: "query", required: false, schema: { type: "string", enum: ["preview", "run"], default: "preview" } },
    { name: "options", in: "query", required: false, schema: { type: "string" }, description: "The source's options as JSON (the CSV's column mapping)." },
    {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      schema: { type: "string", minLength: 1, maxLength: 255 },
      description:
        "Makes a retry safe: the same key with the same query and the same file within 24 hours answers the first success again (with `Idempotent-Replayed: true`) without starting a second import; another file or query under the key is a 422, a retry while the first upload still runs a 409.",
    },
  ],
  requestBody: { required: true, content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } } },
  responses: {
    "201": { description: "The import, previewing.", headers: { ...fileHeaders, ...headerRefs(["Idempotent-Replayed"]) }, content: { "application/json": { schema: { type: "object", description: "`{ success: true, data }` with the import as `GET /imports/{id}` answers it." } } } },
    ...errorResponses([...COMMON, "VALIDATION_ERROR", "PAYLOAD_TOO_LARGE", "IDEMPOTENCY_KEY_IN_USE", "IDEMPOTENCY_KEY_REUSED"], counted, registry),
  },
});
